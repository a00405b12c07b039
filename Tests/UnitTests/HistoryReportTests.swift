import Foundation
@testable import MeetupModel
@testable import MeetupSupport
import Testing

/// `HistoryReport`: each event's changes, found without filtering every change for it.
@Suite("History report")
struct HistoryReportTests {
    static func change(_ kind: HistoryChange.Kind, _ id: String, at seconds: TimeInterval) -> HistoryChange {
        let start = ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 3_600)
        return HistoryChange(
            kind: kind, eventID: id, title: "Event \(id)", noticedAt: Date(timeIntervalSince1970: seconds),
            oldStart: start, newStart: kind == .moved ? start : nil, oldPlace: EventPlace(displayedText: "Berlin"),
            newPlace: nil, url: nil, queryIDs: ["q"])
    }

    @Test func anEventsChangesAreItsOwnInTheReportsOrder() {
        var report = HistoryReport()
        #expect(report.changes(ofEvent: "a").isEmpty)
        report.changes = [
            Self.change(.moved, "a", at: 3), Self.change(.removed, "b", at: 2), Self.change(.moved, "a", at: 1),
        ]
        #expect(report.changes(ofEvent: "a").map(\.noticedAt.timeIntervalSince1970) == [3, 1])
        #expect(report.changes(ofEvent: "b").map(\.kind) == [.removed])
        #expect(report.changes(ofEvent: "c").isEmpty)
        // Changed in place (hidden events are taken out after the report is made): still its own.
        report.changes.removeAll { $0.eventID == "a" }
        #expect(report.changes(ofEvent: "a").isEmpty)
        report.changes[0].title = "Renamed"
        #expect(report.changes(ofEvent: "b").map(\.title) == ["Renamed"])
    }
}
