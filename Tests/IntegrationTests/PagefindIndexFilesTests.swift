import Foundation
@testable import MeetupPipeline
import MeetupSupport
@testable import MeetupReportTestSupport
import Testing

/// `PagefindIndexFiles`: last night's content-named files linked where the real Pagefind writes
/// tonight's index, and what it no longer uses removed, give the index a fresh folder would hold.
@Suite("Pagefind index files: last night's kept, what the index no longer uses removed")
struct PagefindIndexFilesTests {
    static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    static let environment = ChildEnvironment(["PATH": path], secretVariables: [])
    static let command = SearchIndexStep.pagefind(environment)
    /// Pagefind is found on `PATH`, or this is CI, where its absence is a broken install.
    static let pagefindOrCI = command != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    let folder: TemporaryDirectory
    init() throws { folder = try Fixtures.temporaryDirectory() }

    /// Pages of an event each, with words of their own (so that there are several word indexes).
    static func pages(_ count: Int) -> [String: String] {
        var pages: [String: String] = [:]
        for number in 0..<count {
            let words = (0..<40).map { "w\(number * 37 + $0 * 101)x" }.joined(separator: " ")
            pages["event-\(number).html"] = "Event \(number) about \(words)"
        }
        return pages
    }

    /// Pagefind on `pages` (file name: text), writing into `output`.
    func index(_ pages: [String: String], into output: String) throws {
        let command = try #require(Self.command, "Pagefind is not on PATH")
        let site = folder.path("site-\(UUID().uuidString)")
        try FileOperations.createDirectory(site)
        for (name, text) in pages {
            let html =
                "<!doctype html><html lang=\"en\"><head><title>\(name)</title></head>"
                + "<body><h1>\(name)</h1><p>\(text)</p></body></html>"
            try FileOperations.write(Data(html.utf8), to: site.appendingPathComponent(name))
        }
        let result = ExternalCommand(
            arguments: command + ["--site", site.path, "--output-path", output], environment: Self.environment,
            timeout: 120
        ).run()
        guard case .success(let outcome) = result, outcome.succeeded else {
            Issue.record("Pagefind failed: \(result)")
            return
        }
    }

    func contents(_ root: String) -> [String: Data] {
        Dictionary(
            uniqueKeysWithValues: FileTree.files(under: root).map {
                ($0, (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + $0))) ?? Data())
            })
    }

    @Test(
        .enabled(if: pagefindOrCI, "Pagefind is not installed here (make test installs it: pip install pagefind-bin)"))
    func tonightOnLastNightsFilesIsTheIndexAFreshFolderHolds() throws {
        let published = folder.path("published").path, tonight = folder.path("tonight").path
        var pages = Self.pages(300)
        try index(pages, into: published)
        // One event changed, one gone, one new.
        pages["event-7.html"] = "Event 7, moved to a new venue"
        pages["event-8.html"] = nil
        pages["event-300.html"] = "Event 300 about something else"

        let lastNight = FileTree.files(under: published).filter { PagefindIndexFiles.hash(of: $0) != nil }
        #expect(PagefindIndexFiles.link(from: published, into: tonight) == lastNight.count)
        #expect(lastNight.count > 300, "fragments, word indexes and the metadata: \(lastNight.count)")
        try index(pages, into: tonight)
        let removed = try PagefindIndexFiles.removeUnused(in: tonight)
        let fresh = folder.path("fresh").path
        try index(pages, into: fresh)

        let made = contents(tonight), expected = contents(fresh)
        #expect(made.keys.sorted() == expected.keys.sorted(), "the same files as a fresh index")
        #expect(made == expected, "with the same bytes")
        // At least the two events' old fragments, last night's metadata and a word index.
        #expect(removed >= 4, "\(removed) removed")
        let kept = made.keys.filter { FileTree.isSameFile(published + "/" + $0, tonight + "/" + $0) }
        #expect(kept.count == lastNight.count - removed, "what is still used is last night's file itself")
        #expect(kept.allSatisfy { PagefindIndexFiles.hash(of: $0) != nil }, "only content-named files are linked")
    }

    @Test func metadataThatCannotBeReadRemovesNothing() throws {
        let index = folder.path("index")
        try FileOperations.createDirectory(index.appendingPathComponent("fragment"))
        try FileOperations.write(Data("x".utf8), to: index.appendingPathComponent("fragment/en_1234567.pf_fragment"))
        let entry = #"{"version":"1.5.2","languages":{"en":{"hash":"en_abcdef0","wasm":"en","page_count":1}}}"#
        for meta in [nil, Data("not gzip".utf8)] {
            try FileOperations.write(Data(entry.utf8), to: index.appendingPathComponent("pagefind-entry.json"))
            if let meta {
                try FileOperations.write(meta, to: index.appendingPathComponent("pagefind.en_abcdef0.pf_meta"))
            }
            #expect(throws: PagefindIndexFiles.Failure.self) { try PagefindIndexFiles.removeUnused(in: index.path) }
            #expect(
                FileManager.default.fileExists(
                    atPath: index.appendingPathComponent("fragment/en_1234567.pf_fragment").path))
        }
    }

    @Test func onlyContentNamedFilesHaveAHash() {
        #expect(PagefindIndexFiles.hash(of: "fragment/en_1a2b3c4.pf_fragment") == "en_1a2b3c4")
        #expect(PagefindIndexFiles.hash(of: "index/en_1a2b3c4.pf_index") == "en_1a2b3c4")
        #expect(PagefindIndexFiles.hash(of: "filter/en_1a2b3c4.pf_filter") == "en_1a2b3c4")
        #expect(PagefindIndexFiles.hash(of: "pagefind.en_ff79539a7c.pf_meta") == "en_ff79539a7c")
        for other in [
            "pagefind.js", "pagefind-entry.json", "wasm.en.pagefind", "pagefind-ui.css", "fragment/a/b.pf_fragment",
            "index/en_1.pf_fragment", "records.sha256", "fragment/.pf_fragment", "x/pagefind.en_1.pf_meta",
        ] {
            #expect(PagefindIndexFiles.hash(of: other) == nil, "\(other)")
        }
    }
}
