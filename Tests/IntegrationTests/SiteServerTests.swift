import FlyingFox
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
import Testing

extension LoopbackSuites {
    /// Issue 62, item 10: a site opened as a file has no search (Pagefind needs http); `serve`
    /// serves the output folder on 127.0.0.1, and nothing outside it.
    @Suite("meetup-report serve: the site over http on this machine")
    struct SiteServerTests {
        @Test func servesTheSiteItsFoldersAndNothingOutsideIt() async throws {
            let folder = try TemporaryDirectory()
            let site = folder.path("Output")
            try FileManager.default.createDirectory(
                at: site.appendingPathComponent("archive"), withIntermediateDirectories: true)
            try Data("<h1>Home</h1>".utf8).write(to: site.appendingPathComponent("index.html"))
            try Data("<h1>Archive</h1>".utf8).write(to: site.appendingPathComponent("archive/index.html"))
            try Data("<h1>Not here</h1>".utf8).write(to: site.appendingPathComponent("404.html"))
            try Data("BEGIN:VCALENDAR".utf8).write(to: site.appendingPathComponent("calendar.ics"))
            try Data("secret".utf8).write(to: folder.path("outside.txt"))
            try FileManager.default.createSymbolicLink(
                at: site.appendingPathComponent("link.txt"), withDestinationURL: folder.path("outside.txt"))
            let server = try SiteServer.make(folder: site, port: 0)
            let task = Task { try await server.run() }
            defer { task.cancel() }
            try await server.waitUntilListening(timeout: 10)
            guard case .ip4(_, let port)? = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
            func get(_ path: String) async throws -> (Int, String, String?) {
                let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
                let (data, response) = try await URLSession.shared.data(from: url)
                let http = try #require(response as? HTTPURLResponse)
                return (
                    http.statusCode, String(decoding: data, as: UTF8.self),
                    http.value(forHTTPHeaderField: "Content-Type")
                )
            }
            let home = try await get("/")
            #expect(home.0 == 200 && home.1 == "<h1>Home</h1>")
            let archive = try await get("/archive/")
            #expect(archive.1 == "<h1>Archive</h1>", "a folder's index.html")
            let calendar = try await get("/calendar.ics")
            #expect(calendar.0 == 200 && calendar.2 == "text/calendar; charset=utf-8")
            let missing = try await get("/nowhere.html")
            #expect(missing.0 == 404 && missing.1 == "<h1>Not here</h1>", "the site's own 404 page")
            for escape in ["/%2e%2e/outside.txt", "/link.txt", "/archive/%2e%2e/%2e%2e/outside.txt"] {
                let answer = try await get(escape)
                #expect(answer.0 == 404 && !answer.1.contains("secret"), "\(escape)")
            }
            await server.stop(timeout: 1)
        }
    }
}
