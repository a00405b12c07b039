import Foundation
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// A site of groups with no API key: the binary reads each group's public iCalendar feed
/// (built from a real Meetup export, `meetup-ical` fixture) from a loopback server, paced,
/// conditionally the next night, with no credentials in its environment at all.
extension LoopbackSuites {
    @Suite("Groups through their public calendar feeds")
    struct GroupFeedsTests {
        /// The real export with its event moved into the report's window, and a second event.
        static func feed(group: String, id: String) throws -> Data {
            let fixture = try String(
                decoding: Fixtures.data("meetup-ical/code-for-boston-event-2018.ics"), as: UTF8.self)
            let text = fixture.replacingOccurrences(of: "20180724T", with: "20261124T")
                .replacingOccurrences(of: "20180721T", with: "20261121T")
                .replacingOccurrences(of: "Code for Boston\\n", with: "\(group)\\n")
                .replacingOccurrences(of: "249894034", with: id)
            return Data(text.utf8)
        }

        func config(_ folder: TemporaryDirectory, feeds: URL) throws -> URL {
            let config: [String: Any] = [
                "title": "Civic tech", "baseURL": "https://example.org/", "timeZone": "America/New_York",
                "queries": [
                    [
                        "id": "civic", "groups": ["Code-for-Boston", "hack-night", "gone-group"], "via": "ical",
                        "delaySeconds": 0.2, "feedBaseURL": feeds.absoluteString, "daysAhead": 30,
                    ]
                ],
                "output": folder.path("Output").path, "cache": folder.path("cache").path,
                "state": folder.path("state").path, "search": false,
            ]
            let file = folder.path("queries.json")
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            return file
        }

        @Test func aSiteOfGroupsIsBuiltWithNoCredentialsFromTheirFeeds() async throws {
            let server = try GroupFeedServer()
            let base = try await server.start()
            defer { Task { await server.stop() } }
            server.setFeed(try Self.feed(group: "Code for Boston", id: "249894034"), for: "Code-for-Boston")
            server.setFeed(try Self.feed(group: "Hack Night <b>Cambridge</b>", id: "301000001"), for: "hack-night")
            let folder = try TemporaryDirectory()
            let arguments = [
                "--config", try config(folder, feeds: base).path, "--templates", Fixtures.templates.path,
                "--now", "2026-11-22T08:00:00Z", "--quiet",
            ]
            // The runner's environment: PATH and HOME, no token of any kind.
            let first = try await CommandRunner.run(arguments)
            #expect(first.status == 0, "\(first.stderr)")

            let page = try String(contentsOf: folder.path("Output/events/249894034.html"), encoding: .utf8)
            #expect(page.contains("<a href=\"../groups/code-for-boston.html\">Code for Boston</a>"))
            #expect(
                page.contains("not in the group’s calendar feed") || page.contains("not in the group's calendar feed"))
            #expect(page.contains("Cambridge Innovation Center"))
            #expect(page.contains("href=\"https://www.meetup.com/Code-for-Boston/events/249894034/\""))
            #expect(!page.contains("Code for Boston\nTuesday"), "the description without the feed's group line")
            let query = try String(contentsOf: folder.path("Output/queries/civic.html"), encoding: .utf8)
            #expect(query.contains("placeholder.svg"), "no photo in a feed: the placeholder")
            #expect(!query.contains(" going"), "no count of who is going, not a zero")
            #expect(query.contains("Hack Night &lt;b&gt;Cambridge&lt;/b&gt;"))
            let groups = try String(contentsOf: folder.path("Output/groups.html"), encoding: .utf8)
            #expect(groups.contains("gone-group"), "a feed that is gone (404) is a group not found")

            let requests = server.received
            #expect(requests.map(\.status) == [200, 200, 404])
            #expect(requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("meetup-report/") == true })
            for (earlier, later) in zip(requests, requests.dropFirst()) {
                #expect((later.at - earlier.at).seconds >= 0.2, "paced: delaySeconds between feeds")
            }

            // The next night: each feed asked conditionally, answered 304, the same events.
            let second = try await CommandRunner.run(arguments)
            #expect(second.status == 0, "\(second.stderr)")
            let again = server.received.dropFirst(3)
            #expect(again.map(\.status) == [304, 304, 404])
            #expect(again.prefix(2).allSatisfy { $0.headers["if-none-match"] != nil })
            #expect(FileManager.default.fileExists(atPath: folder.path("Output/events/301000001.html").path))
        }

        /// Issue 61, item 10: one group's feed answering 200 with an HTML page failed the whole query
        /// ("not an iCalendar document", no group named) and replaced that group's cached copy.
        @Test func aGroupsFeedThatIsNoCalendarCostsThatGroupItsFreshnessOnly() async throws {
            let server = try GroupFeedServer()
            let base = try await server.start()
            defer { Task { await server.stop() } }
            server.setFeed(try Self.feed(group: "Code for Boston", id: "249894034"), for: "Code-for-Boston")
            server.setFeed(try Self.feed(group: "Hack Night", id: "301000001"), for: "hack-night")
            let folder = try TemporaryDirectory()
            let arguments = [
                "--config", try config(folder, feeds: base).path, "--templates", Fixtures.templates.path,
                "--now", "2026-11-22T08:00:00Z",
            ]
            #expect(try await CommandRunner.run(arguments).status == 0)

            server.setFeed(try Self.feed(group: "Code for Boston", id: "249894035"), for: "Code-for-Boston")
            server.setFeed(Data("<!DOCTYPE html><html><body>Log in</body></html>".utf8), for: "hack-night")
            let html = try await CommandRunner.run(arguments)
            #expect(html.status == 0, "\(html.stderr)")
            #expect(
                html.stderr.contains(
                    "groups civic: hack-night's calendar (\(base.appendingPathComponent("hack-night/events/ical").absoluteString)/): 127.0.0.1: the answer is an HTML page, not a calendar"
                ) && html.stderr.contains("its last copy is shown"),
                "\(html.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.path("Output/events/249894035.html").path))
            #expect(FileManager.default.fileExists(atPath: folder.path("Output/events/301000001.html").path))

            // The HTML did not replace the copy: a calendar cut short the next night still has one.
            let whole = String(decoding: try Self.feed(group: "Hack Night", id: "301000001"), as: UTF8.self)
            server.setFeed(Data(whole.prefix(whole.count / 2).utf8), for: "hack-night")
            let cut = try await CommandRunner.run(arguments)
            #expect(cut.status == 0 && cut.stderr.contains("cut short"), "\(cut.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.path("Output/events/301000001.html").path))
        }
    }
}
