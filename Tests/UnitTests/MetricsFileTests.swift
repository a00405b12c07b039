import Foundation
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
import Testing

/// The metrics file's text; Prometheus's own parser reads the demo's in check-site.
@Suite("Metrics file")
struct MetricsFileTests {
    @Test func aFailedRunSaysSoAndKeepsTheLastSuccess() {
        var summary = RunSummary()
        summary.queriesSucceeded = 2
        summary.failures = [.transport(query: "rust", page: 1, reason: "timed out")]
        summary.staleSince = ["rust": Date(timeIntervalSince1970: 1_000)]
        summary.eventCount = 41
        summary.removedByRule = [.excludeWords: 3]
        summary.stageSeconds = ["fetch": 1.5, "render": 0.25]
        let earlier = Date(timeIntervalSince1970: 1_795_000_000)
        let text = MetricsFile.render(
            summary, finishedAt: Date(timeIntervalSince1970: 1_795_086_400), lastSuccess: earlier)
        #expect(text.contains("meetup_report_exit_status 1\n") && text.contains("meetup_report_events 41\n"))
        #expect(
            text.contains("meetup_report_queries{state=\"ok\"} 2\n")
                && text.contains("meetup_report_queries{state=\"stale\"} 1\n")
                && text.contains("meetup_report_queries{state=\"failed\"} 0\n"),
            "a stale query is not counted failed twice")
        #expect(text.contains("meetup_report_events_removed{rule=\"excludeWords\"} 3\n"))
        #expect(text.contains("meetup_report_stage_seconds{stage=\"fetch\"} 1.5\n"))
        #expect(
            text.contains(
                "# TYPE meetup_report_last_run_timestamp_seconds gauge\nmeetup_report_last_run_timestamp_seconds 1795086400\n"
            ))
        #expect(MetricsFile.lastSuccess(in: text) == earlier, "read back for the next failed night")
    }
}
