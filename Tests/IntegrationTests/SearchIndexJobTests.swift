import Foundation
@testable import MeetupPipeline
@testable import MeetupRender
import MeetupSupport
@testable import MeetupReportTestSupport
import Testing

/// `SearchIndexJob`: the shards a night indexes again, through a Pagefind (here a script that
/// logs its start and end and holds until it is released) beside the render.
@Suite("Search index job: shards indexed beside the render, the rest after it")
struct SearchIndexJobTests {
    let folder: TemporaryDirectory
    var log: URL { folder.path("log") }
    var release: URL { folder.path("release") }

    init() throws {
        folder = try Fixtures.temporaryDirectory()
        try FileOperations.createDirectory(folder.path("log"))
        try FileOperations.createDirectory(folder.path("staging"))
        try FileOperations.createDirectory(folder.path("published"))
        // Logs its shard (the output folder's name), waits for the release file (30 s at most),
        // writes an index file, logs its end.
        let script = """
            #!/bin/sh
            while [ "$#" -gt 0 ]; do [ "$1" = "--output-path" ] && out="$2"; shift; done
            name=$(basename "$out")
            touch "\(log.path)/started-$name"
            tries=0
            while [ ! -e "\(release.path)" ] && [ $tries -lt 3000 ]; do sleep 0.01; tries=$((tries + 1)); done
            mkdir -p "$out" && echo '{}' > "$out/pagefind-entry.json"
            touch "\(log.path)/ended-$name"
            """
        try FileOperations.writeAtomically(Data(script.utf8), to: folder.path("pagefind"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("pagefind").path)
    }

    /// A shard of one past record holding `bytes` of text (Pagefind's estimate grows with them).
    func shard(_ name: String, bytes: Int) -> SearchIndexJob.Shard {
        let html = "<p>" + String(repeating: "a", count: bytes) + "</p>"
        let record = SearchRecords.Record(name: "\(name).html", html: html, start: Date(timeIntervalSince1970: 0))
        return .init(name: name, planned: [.init(past: record)], stamp: "stamp-\(name)")
    }

    /// A small shard (about 10 MB for Pagefind) and one over a budget of 20 MB beside the render (30 MB).
    func job() -> SearchIndexJob {
        SearchIndexJob(
            [shard("small", bytes: 1_000), shard("large", bytes: 500_000)], of: ["small", "large", "unchanged"],
            command: [folder.path("pagefind").path],
            writer: StagingWriter(staging: folder.path("staging"), previous: folder.path("published")),
            recordsFolder: folder.path("records"), cache: BuildCache(cacheDirectory: folder.path("cache"), build: "t"),
            children: ChildEnvironment(["PATH": "/usr/bin:/bin"], secretVariables: []),
            redactor: SecretRedactor(), budget: 20 << 20, recordsKey: "test"
        ) { SearchRecords.records($0, timeZone: .gmt, language: .english, plainDescriptions: $1) }
    }

    func logged(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: log.appendingPathComponent(name).path)
    }

    /// Whether `name` is logged within 30 s (the script runs on another thread).
    func awaitLogged(_ name: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !logged(name), ContinuousClock.now < deadline { usleep(5_000) }
        return logged(name)
    }

    @Test func aSmallShardIsIndexedBesideTheRenderALargeOneAfterIt() throws {
        // Last night's records: of a shard tonight leaves as it is, and of one the site no longer has.
        for name in ["unchanged", "gone"] {
            try FileOperations.createDirectory(folder.path("records/\(name)"))
            try FileOperations.write(Data("<p>x</p>".utf8), to: folder.path("records/\(name)/\(name).html"))
        }
        let job = job()
        job.start()
        #expect(awaitLogged("started-small"), "the small shard starts before the render ends")
        #expect(!logged("started-large"), "the large one waits for the render's end")
        try FileOperations.writeAtomically(Data(), to: release)
        #expect(job.finish(abandoning: false) == nil)
        #expect(logged("ended-small") && logged("ended-large"))
        for name in ["small", "large"] {
            let stamp = folder.path("staging/pagefind/\(name)/records.sha256")
            #expect(try String(contentsOf: stamp, encoding: .utf8) == "stamp-\(name)")
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path("records").path)
        #expect(Set(kept) == ["small", "large", "unchanged"], "tonight's shards' records are kept, no other")
        #expect(FileManager.default.fileExists(atPath: folder.path("records/small/small.html").path))
        #expect(job.seconds > 0)
    }

    /// Last night's content-named files are linked where Pagefind writes; when tonight's metadata
    /// cannot tell which it still uses (this Pagefind writes none), the shard is indexed again
    /// into an empty folder rather than published with them.
    @Test func anIndexWhoseUnusedFilesCannotBeToldApartIsWrittenAgainWhole() throws {
        let published = folder.path("published/pagefind/small/fragment")
        try FileOperations.createDirectory(published)
        try FileOperations.write(Data("old".utf8), to: published.appendingPathComponent("en_0000000.pf_fragment"))
        try FileOperations.writeAtomically(Data(), to: release)
        let job = job()
        job.start()
        #expect(job.finish(abandoning: false) == nil)
        let shard = folder.path("staging/pagefind/small")
        #expect(FileManager.default.fileExists(atPath: shard.appendingPathComponent("pagefind-entry.json").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: shard.appendingPathComponent("fragment/en_0000000.pf_fragment").path),
            "last night's file is not published with tonight's index")
    }

    @Test func anAbandonedJobStartsNothingMoreAndWaitsForWhatRuns() throws {
        let job = job()
        job.start()
        #expect(awaitLogged("started-small"))
        // Released only once the night is waiting: a finish that did not wait would return first.
        let waiting = LockedBox(false)
        DispatchQueue.global().async { [release] in
            while !waiting.withLock({ $0 }) { usleep(1_000) }
            try? FileOperations.writeAtomically(Data(), to: release)
        }
        waiting.withLock { $0 = true }
        #expect(job.finish(abandoning: true) == nil)
        #expect(logged("ended-small"), "the running shard was waited for")
        #expect(!logged("started-large"), "no shard starts on a night that will not publish")
    }
}
