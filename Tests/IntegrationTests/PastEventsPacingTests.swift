import Foundation
@testable import MeetupAuth
@testable import MeetupFetch
import MeetupModel
import MeetupNetwork
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

extension LoopbackSuites {
    /// Issue 62, item 6: the backfill's batches of twenty groups went through the transport at the
    /// cost of one request each, so a list of 251 groups spent 503 points in a minute where Meetup
    /// allows 500. A batch counts its groups against `limits.apiRequestsPerMinute`.
    @Suite("The backfill's requests against the API's rate limit")
    struct PastEventsPacingTests {
        @Test func aBatchOfGroupsCountsItsGroups() async throws {
            let harness = try await PipelineHarness.start()
            let endpoint = harness.baseURL.appendingPathComponent("gql")
            let transport = HTTPTransport(
                limits: PipelineHarness.testLimits, maximumConnectionsPerHost: 2,
                addressPolicy: AddressPolicy.forSource(endpoint: endpoint), throttledOrigin: endpoint)
            let source = MeetupAPISource(
                endpoint: endpoint,
                credentials: EnvironmentToken(variable: "T", environment: ["T": PipelineHarness.token]),
                transport: transport, scratchDirectory: harness.folder.url, redactor: SecretRedactor())
            let query = EventQuery(id: "g", title: "G", kind: .groups((0..<20).map { "group-\($0)" }))
            let since = Date(timeIntervalSince1970: 1_300_000_000)
            let requests: [PastEventsRequest] = [
                .groups(urlnames: (0..<20).map { "group-\($0)" }, since: since, until: PipelineHarness.now),
                .group(urlname: "group-1", since: since, until: PipelineHarness.now, after: "c1"),
            ]
            for (number, request) in requests.enumerated() {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    source.pastEvents(request, of: query, number: number + 1) { _ in done.resume() }
                }
            }
            #expect(transport.requestsSent == 2)
            #expect(transport.throttledPointsSpent == 21, "twenty for the batch, one for the page")
        }
    }
}
