import CICalShim
import Foundation
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("Calendar files")
struct CalendarFileTests {
    /// 29 (also): a FIFO given as a calendar's file said "You don't have permission".
    @Test func aFileThatIsNotARegularFileIsNamed() throws {
        let folder = try Fixtures.temporaryDirectory()
        let fifo = folder.url.appendingPathComponent("feed.ics")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let query = CalendarParserTests.calendar
        for (path, what) in [
            (fifo, "is a named pipe (FIFO), not a regular file"), (folder.url, "is a folder, not a regular file"),
        ] {
            guard case .failure(let error) = CalendarSource.readFile(path, query: query, maxBytes: 1 << 20) else {
                Issue.record("\(path.path) was read")
                continue
            }
            #expect(error.reason.contains(what), "\(error.reason)")
        }
    }
}
