import Foundation
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

extension RenderMemoTests {
    /// A site's own templates may show whatever the renderer gives them: a group page's past
    /// events' places and groups too, which the bundled one does not. Its key is the page's whole
    /// value (`GroupPage`), so a place the backfill corrected remakes it (the key written by hand
    /// held only what the bundled template showed, and the page stayed as it was).
    @Test(arguments: ["pastCity", "pastOnline", "pastGroupName"])
    func aSitesOwnTemplatesSeeWhatTheyShowChange(_ change: String) throws {
        let folder = try TemporaryDirectory()
        let templates = folder.path("Templates")
        try FileManager.default.copyItem(at: Fixtures.templates, to: templates)
        let group = templates.appendingPathComponent("group.md.mustache")
        try String(contentsOf: group, encoding: .utf8)
            .replacingOccurrences(of: "{{/entries}}", with: "  {{place}}{{#groups}} {{name}}{{/groups}}\n{{/entries}}")
            .write(to: group, atomically: true, encoding: .utf8)
        let outcome = try Self.compare(
            { input in
                switch change {
                case "pastCity": input.record?.events[5].city = "Potsdam"
                case "pastOnline": input.record?.events[6].isOnline = true
                default: input.record?.events[7].group?.name = "Group 3, renamed"
                }
            }, label: "own templates, \(change)", templates: templates, firstTemplates: templates)
        #expect(outcome.itemsReused > 150, "the rest reused: \(outcome)")
    }

    /// A page's value holds what it shows, not all its sources know: the record's groups seen
    /// again tonight (their `lastSeen`, which no page shows) remake no group page.
    @Test func groupsSeenAgainRemakeNoPage() throws {
        let outcome = try Self.compare(
            { input in
                input.history?.counts = ["swift": [90, 100, 100], "rust": [90, 100, 100]]
                for index in input.record?.groups.indices ?? 0..<0 {
                    input.record?.groups[index].lastSeen = RenderMemoTests.night.addingTimeInterval(86_400)
                }
            }, label: "groups seen again")
        #expect(outcome.itemsMade == 1, "the index alone; made \(outcome.itemsMade)")
    }
}
