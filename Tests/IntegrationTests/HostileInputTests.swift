import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupFetch
import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("Hostile images")
struct HostileImageTests {
    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let folder = try TemporaryDirectory()
        let bomb = Fixtures.directory.appendingPathComponent("photos/bomb-30000x30000.png")
        #expect(FileOperations.fileSize(bomb).map { $0 < 200_000 } == true, "a small file")
        #expect(VipsThumbnailer.imageSize(of: bomb) == PixelSize(width: 30000, height: 30000))
        #expect(throws: ThumbnailError.self) {
            try VipsThumbnailer(maximumPixels: 50_000_000).makeThumbnail(of: bomb, width: 120, to: folder.path("t.jpg"))
        }
        do {
            _ = try VipsThumbnailer(maximumPixels: 50_000_000).makeThumbnail(
                of: bomb, width: 120, to: folder.path("t.jpg"))
        } catch {
            #expect(error.reason == "image is 30000x30000, over the limit of 50000000 pixels")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("t.jpg").path))
    }

    @Test(arguments: [
        ("zero bytes", Data()), ("HTML", Data("<html><body>not an image</body></html>".utf8)),
        ("truncated JPEG", try! Fixtures.data("photos/truncated.jpg")),
    ])
    func brokenFilesAreRejectedNotCrashed(name: String, bytes: Data) throws {
        let folder = try TemporaryDirectory()
        try bytes.write(to: folder.path("in"))
        #expect(throws: ThumbnailError.self, "\(name)") {
            try VipsThumbnailer().makeThumbnail(of: folder.path("in"), width: 120, to: folder.path("out.jpg"))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(leftovers == ["in"], "no temporary or partial thumbnail is left")
    }
}

extension LoopbackSuites {
    @Suite("Hostile photos and addresses end to end")
    struct HostileEndToEndTests {
        @Test func hostilePhotosGetPlaceholdersAndWarnings() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(
                try Fixtures.data("photos/bomb-30000x30000.png"), named: "group-a.jpg", contentType: "image/png")
            harness.server.setPhoto(Data(), named: "group-b.png", contentType: "image/png")
            harness.server.setPhoto(Data("<html>hello</html>".utf8), named: "event-c.webp", contentType: "image/webp")
            let summary = await harness.run()
            #expect(summary.succeeded, "\(summary.line)")
            #expect(summary.photos.failed == 5)
            let thumbs = harness.outputDirectory.appendingPathComponent("thumbs")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: thumbs.path))?.isEmpty ?? true)
            #expect(try harness.page("queries/swift.html").occurrences(of: "src=\"../assets/placeholder.svg\"") == 5)
        }

        @Test func privateAddressesAndRedirectsThereAreRefused() async throws {
            let server = try LoopbackServer()
            LoopbackServerRegistry.register(server)
            let base = try await server.start()
            server.setPhoto(try Fixtures.data("photos/group-a.jpg"), named: "a.jpg")
            let port = base.port ?? 0
            server.setPhotoFault(.redirect(to: "http://localhost:\(port)/photos/a.jpg"), named: "redirect.jpg")
            let folder = try TemporaryDirectory()

            // As for the public API: only the (trusted) API host may be private.
            let policy = AddressPolicy(allowsPrivateAddresses: false, trustedHosts: ["127.0.0.1"])
            let transport = HTTPTransport(
                limits: PipelineHarness.testLimits, maximumConnectionsPerHost: 2, addressPolicy: policy)
            let fetcher = HTTPPhotoFetcher(transport: transport)
            func fetch(_ url: String) async -> PhotoFetchResult {
                await withCheckedContinuation { continuation in
                    fetcher.fetch(URL(string: url)!, validators: nil, into: folder.url) {
                        continuation.resume(returning: $0)
                    }
                }
            }
            guard case .downloaded = await fetch("\(base)/photos/a.jpg") else {
                Issue.record("the trusted host works"); return
            }
            for (url, reason) in [
                ("http://localhost:\(port)/photos/a.jpg", "localhost is a loopback or private address"),
                ("http://10.1.2.3/x.jpg", "10.1.2.3 is a loopback or private address"),
                ("http://[::1]:\(port)/photos/a.jpg", "is a loopback or private address"),
                ("http://169.254.169.254/latest/meta-data", "169.254.169.254 is a loopback or private address"),
                ("\(base)/photos/redirect.jpg", "redirect: localhost is a loopback or private address"),
                ("file:///etc/passwd", "only http(s) URLs are fetched"),
            ] {
                guard case .failed(let message) = await fetch(url) else { Issue.record("\(url) was fetched"); continue }
                #expect(message.contains(reason), "\(url): \(message)")
            }
            #expect(server.counters.photoResponses200 == 1, "nothing but the first request reached a photo")
        }

        @Test func hostileIdsNeverBecomePaths() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "../../../../tmp/evil", title: "Path", dateTime: "2026-12-01T19:00:00Z",
                                groupPhoto: harness.photoURL("group-a.jpg") + "?../../x"),
                            Fixtures.node(id: "/etc/passwd", title: "Absolute", dateTime: "2026-12-01T20:00:00Z"),
                        ], endCursor: nil)
                ], forKeyword: "rust")
            let summary = await harness.run()
            #expect(summary.succeeded)
            let everything = PipelineHarness.tree(harness.folder.url).keys
            #expect(
                !everything.contains { $0.contains("evil") || $0.contains("passwd") }, "ids only appear inside files")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/evil"))
            #expect(try harness.page("queries/rust.html").contains("Absolute"))
        }

        @Test func aSecondRunAtTheSameTimeIsRefusedWithAClearMessage() async throws {
            let harness = try await PipelineHarness.start()
            let config = harness.config()
            var held: [RunLock]? = try RunLock.acquire(for: config)
            #expect(held?.count == 2)
            let refused = await harness.run(config)
            #expect(!refused.published && !refused.succeeded)
            #expect(
                refused.abortReason?.contains("another meetup-report run is in progress (pid \(getpid())") == true,
                "\(refused.line)")
            #expect(harness.server.counters.graphQLRequests == 0, "nothing was fetched")
            held = nil
            let later = await harness.run(config)
            #expect(later.succeeded, "the lock is released with its owner")
        }
    }
}

@Suite("Hostile configs")
struct HostileConfigTests {
    @Test func hugeAndDeeplyNestedConfigsFailClearly() throws {
        let folder = try TemporaryDirectory()
        let huge = folder.path("huge.json")
        try Data(repeating: 0x20, count: 2 << 20).write(to: huge)
        do throws(ConfigError) {
            _ = try ConfigLoader(environment: [:]).load(from: huge)
            Issue.record("a 2 MiB config was accepted")
        } catch {
            #expect(error.description.contains("a config is at most 1048576 bytes"))
        }
        let nested = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        do throws(ConfigError) {
            _ = try ConfigLoader(environment: [:]).parse(
                Data(nested.utf8), file: "deep.json", baseDirectory: folder.url)
            Issue.record("a deeply nested config was accepted")
        } catch {
            #expect(error.description.hasPrefix("deep.json: not valid JSON: nested deeper than 100 levels"))
        }
    }

    @Test func invalidUTF8InAResponseIsRepairedNotFatal() throws {
        var body = Data(
            #"{"data":{"eventSearch":{"pageInfo":{"hasNextPage":false},"edges":[{"node":{"id":"1","title":"Caf"#.utf8)
        body.append(contentsOf: [0xC3, 0x28, 0xFF])
        body.append(contentsOf: Data(#"","dateTime":"2026-12-01T19:00:00Z"}}]}}}"#.utf8))
        let page = try EventMapper.page(from: body)
        #expect(page.events.first?.title == "Caf\u{FFFD}(\u{FFFD}")
    }
}
