import FlyingFox
import Foundation
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// `meetup-report discover` against a loopback API answering with the recorded
/// `groupSearch` bodies (`group-search-*.json`, from the live API), two pages.
extension LoopbackSuites {
    @Suite("discover: the groups on a topic near a place")
    struct DiscoverCommandTests {
        /// Page one is the recorded "data science" answer (15 groups, more to come); page two
        /// the first ten of the recorded "R-Ladies" answer, the last page.
        final class SearchServer: Sendable {
            let bodies = LockedBox([MeetupSupport.JSONValue]())
            let authorizations = LockedBox([String]())
            let server: HTTPServer

            init() throws {
                server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
            }

            func start() async throws -> URL {
                let first = try Fixtures.data("meetupr/group-search-2.json")
                var second = try MeetupSupport.JSONValue.parse(Fixtures.data("meetupr/group-search-1.json"))
                if case .object(var root) = second, case .object(var data) = root["data"],
                    case .object(var search) = data["groupSearch"], case .array(let edges) = search["edges"]
                {
                    search["edges"] = .array(Array(edges.prefix(10)))
                    search["pageInfo"] = .object(["hasNextPage": .bool(false), "endCursor": .null])
                    data["groupSearch"] = .object(search)
                    root["data"] = .object(data)
                    second = .object(root)
                }
                let last = Data(second.compactJSON.utf8)
                await server.appendRoute("POST /gql") { [self] request in
                    let body = try MeetupSupport.JSONValue.parse(try await request.bodyData)
                    bodies.withLock { $0.append(body) }
                    authorizations.withLock { $0.append(request.headers[.authorization] ?? "") }
                    let after = body["variables"]?["after"]?.stringValue
                    return HTTPResponse(statusCode: .ok, body: after == nil ? first : last)
                }
                let server = self.server
                Task { try await server.run() }
                try await server.waitUntilListening(timeout: 10)
                guard case .ip4(let host, let port)? = await server.listeningAddress,
                    let url = URL(string: "http://\(host):\(port)/gql")
                else { throw URLError(.cannotConnectToHost) }
                return url
            }
        }

        @Test func listsTheGroupsAndPrintsAQueryToPaste() async throws {
            let api = try SearchServer()
            let endpoint = try await api.start()
            defer { Task { await api.server.stop(timeout: 0) } }
            let folder = try TemporaryDirectory()
            let config: [String: Any] = [
                "title": "x", "baseURL": "https://example.org/",
                "source": ["type": "meetup-api", "endpoint": endpoint.absoluteString],
                "queries": [["id": "q", "keyword": "x", "lat": 1, "lon": 2]],
                "cache": folder.path("cache").path,
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: folder.path("queries.json"))
            let result = try await CommandRunner.run(
                [
                    "discover", "--config", folder.path("queries.json").path, "--keyword", "data science",
                    "--near", "52.52,13.405", "--radius", "50",
                ], environment: ["MEETUP_TOKEN": "token-discover-1"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first?.hasPrefix("name") == true && lines.first?.contains("next event") == true)
            #expect(result.stdout.contains("25 groups."))
            let json = try #require(result.stdout.range(of: "{"))
            let query = try MeetupSupport.JSONValue.parse(Data(result.stdout[json.lowerBound...].utf8))
            #expect(query["id"]?.stringValue == "data-science-groups")
            #expect(query["groups"]?.arrayValue?.count == 25)
            #expect(query["groups"]?.arrayValue?.first?.stringValue?.isEmpty == false)

            let bodies = api.bodies.withLock { $0 }
            #expect(bodies.count == 2)
            #expect(bodies[0]["query"]?.stringValue?.contains("groupSearch(filter:") == true)
            #expect(bodies[0]["variables"]?["query"]?.stringValue == "data science")
            #expect(bodies[0]["variables"]?["radius"]?.doubleValue == 50)
            #expect(bodies[1]["variables"]?["after"]?.stringValue == "MTU=")
            #expect(api.authorizations.withLock { $0 }.allSatisfy { $0 == "Bearer token-discover-1" })
            #expect(!result.stdout.contains("token-discover-1") && !result.stderr.contains("token-discover-1"))
        }

        @Test func aBadPlaceIsAUsageError() async throws {
            let result = try await CommandRunner.run(
                ["discover", "--config", "/nonexistent.json", "--keyword", "x", "--near", "north"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--near: expected latitude,longitude"))
        }
    }
}
