import Foundation
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
import Testing

/// ARCHITECTURE.md's list of a run's steps is the code's: the same steps, in the same order,
/// numbered from 1 (it said "fifteen steps" over a list of 19 while the code ran 20).
@Suite("ARCHITECTURE.md")
struct ArchitectureDocTests {
    @Test func theStepListIsTheCodes() throws {
        let text = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## A run:").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let steps = block.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\s?(\d+) (\S+)(\s.*)?/).map { (Int($0.output.1) ?? 0, String($0.output.2)) }
        }
        #expect(steps.map(\.1) == ReportRun.stepNames)
        #expect(steps.map(\.0) == Array(1...steps.count))
    }
}
