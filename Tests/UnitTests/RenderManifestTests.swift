import Foundation
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The render memo's manifest on disk: what is written is read back, what cannot be written as a
/// line is left out (made again), and a manifest damaged or cut short is no manifest.
@Suite("Render manifest")
struct RenderManifestTests {
    typealias Memo = RenderMemo

    static let stamp = Memo.Stamp(size: 12, inode: 99, seconds: 1_795_000_000, nanoseconds: 5)
    static let items: [String: Memo.Item] = [
        "queries/swift": .init(
            key: "a1", files: [.init(path: "queries/swift.html", stamp: stamp), .init(path: "q/s.xml", stamp: stamp)]),
        "events.json": .init(key: "b2", files: [.init(path: "events.json", stamp: nil)]),
        "café": .init(key: "c3", files: [.init(path: "cafés/ü.html", stamp: stamp)]),
    ]

    @Test func whatIsWrittenIsReadBack() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("render/manifest.tsv")
        let published = Memo.Stamp(size: 7, inode: 3, seconds: 4, nanoseconds: 6)
        try Memo.writeManifest(Self.items, to: file) { $0 == "events.json" ? published : nil }
        var expected = Self.items
        expected["events.json"]?.files[0].stamp = published
        #expect(Memo.readManifest(file) == expected)
        #expect(Memo.readManifest(folder.path("missing")).isEmpty)
    }

    /// The byte reader takes every stamp the writer can write: an inode past `Int.max`, a time
    /// before 1970, and nothing that is not a whole number.
    @Test func stampsAtTheirLimitsAreReadBack() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("manifest.tsv")
        let edge = Memo.Stamp(size: 0, inode: .max, seconds: -86_400, nanoseconds: 999_999_999)
        let items = ["old": Memo.Item(key: "k", files: [.init(path: "old.html", stamp: edge)])]
        try Memo.writeManifest(items, to: file) { _ in nil }
        #expect(Memo.readManifest(file) == items)
        let whole = try String(contentsOf: file, encoding: .utf8)
        for damaged in ["\t-\t999999999", "\t-86400\t+999999999", "\t-86400\t9999999999999999999999"] {
            let text = whole.replacingOccurrences(of: "\t-86400\t999999999", with: damaged)
            try FileOperations.write(Data(text.utf8), to: file)
            #expect(Memo.readManifest(file).isEmpty, "\(damaged)")
        }
    }

    @Test func anItemThatCannotBeALineIsLeftOutAndMadeAgain() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("manifest.tsv")
        var items = Self.items
        items["tab\there"] = .init(key: "d", files: [.init(path: "x.html", stamp: Self.stamp)])
        items["#end"] = .init(key: "e", files: [.init(path: "y.html", stamp: Self.stamp)])
        items["broken path"] = .init(key: "f", files: [.init(path: "a\nb.html", stamp: Self.stamp)])
        items["unstamped"] = .init(key: "g", files: [.init(path: "gone.html", stamp: nil)])
        try Memo.writeManifest(items, to: file) { _ in nil }
        #expect(Memo.readManifest(file).keys.sorted() == ["café", "queries/swift"])
    }

    @Test func aDamagedOrCutManifestIsNone() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("manifest.tsv")
        try Memo.writeManifest(Self.items, to: file) { _ in Self.stamp }
        let whole = try String(contentsOf: file, encoding: .utf8)
        #expect(Memo.readManifest(file).count == 3)
        var lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast(2)  // the end line and the empty string after it: cut short at a line
        for damaged in [
            lines.joined(separator: "\n") + "\n",
            String(whole.dropLast(9)),
            whole.replacingOccurrences(of: "\t12\t", with: "\ttwelve\t"),
            whole.replacingOccurrences(of: "render manifest 2", with: "render manifest 3"),
            whole + "late\tline\n",
            #"{"format":1,"items":{}}"#,
        ] {
            try FileOperations.write(Data(damaged.utf8), to: file)
            #expect(Memo.readManifest(file).isEmpty, "\(damaged.suffix(60))")
        }
    }
}
