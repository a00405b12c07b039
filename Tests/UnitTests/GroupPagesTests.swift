import Foundation
@testable import MeetupModel
@testable import MeetupRender
import Testing

@Suite("Group pages: one page per address")
struct GroupPagesTests {
    /// The demo's record held Rust Berlin under two ids (its recorded events and its group
    /// answer disagreed): two pages were written to one path, and which one stood changed
    /// from run to run.
    @Test func groupsUnderOneAddressMakeOnePage() {
        let early = Date(timeIntervalSince1970: 1_700_000_000), late = early.addingTimeInterval(86_400)
        let groups = [
            ArchivedGroup(key: "id:2", urlname: "rust-berlin", name: "Rust", firstSeen: early, lastSeen: late),
            ArchivedGroup(key: "id:1", urlname: "Rust-Berlin", name: "Rust", firstSeen: early, lastSeen: early),
            ArchivedGroup(key: "id:3", urlname: "swift-berlin", name: "Swift", firstSeen: early, lastSeen: early),
        ]
        for order in [groups, groups.reversed()] {
            let (pages, alsoKeys) = GroupPages.onePerAddress(order)
            #expect(pages.map(\.key) == ["id:2", "id:3"], "the group seen last, whatever the order")
            #expect(alsoKeys == ["id:2": ["id:1"]])
        }
    }
}
