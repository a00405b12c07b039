import Foundation
@testable import MeetupConfig
@testable import MeetupModel
import MeetupSupport
import Testing

/// `reports`: the health window and the community's own topic categories.
extension ConfigLoaderTests {
    @Test func reportsTakeAWindowAndTopicsThatExtendTheVocabulary() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: Any])
        object["reports"] = [
            "healthWindowMonths": 3,
            "topics": [
                ["name": "rOpenSci", "terms": ["rOpenSci", "ropensci review"]],
                ["name": "Shiny", "terms": ["shinyapps", "shiny"]],
                ["name": "Meetup and greet", "kind": "format", "terms": ["Kennenlernen"]],
            ],
        ]
        let config = try load(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        #expect(config.reports.healthWindowMonths == 3)
        let vocabulary = config.reports.vocabulary
        let names = { (title: String) in vocabulary.categories(of: title).map(\.name) }
        #expect(names("rOpenSci für Einsteiger") == ["Beginners", "rOpenSci"])
        #expect(names("Deploying to shinyapps.io") == ["Shiny"], "a shipped category's terms are added to")
        #expect(vocabulary.categories.filter { $0.name == "Shiny" }.count == 1)
        #expect(vocabulary.categories.first { $0.name == "Shiny" }?.terms == ["shiny", "shinyapps"])
        #expect(names("Kennenlernen") == ["Meetup and greet"])
        #expect(vocabulary.categories.first { $0.name == "Meetup and greet" }?.kind == .format)
        #expect(ConfigLoaderTests.defaultReports.vocabulary.categories == TopicVocabulary.standard.categories)
    }

    static let defaultReports = ReportSettings()

    @Test func aTopicWithoutTermsOrOfAnUnknownKindNamesItsKeyPath() throws {
        let noTerms = try error(editing: { $0["reports"] = ["topics": [["name": "X", "terms": [String]()]]] })
        #expect(noTerms.description.contains("reports.topics[0].terms"), "\(noTerms.description)")
        let kind = try error(editing: { $0["reports"] = ["topics": [["name": "X", "kind": "tools", "terms": ["x"]]]] })
        #expect(kind.description.contains("reports.topics[0].kind"), "\(kind.description)")
        let window = try error(editing: { $0["reports"] = ["healthWindowMonths": 0] })
        #expect(window.description.contains("reports.healthWindowMonths"), "\(window.description)")
        let blank = try error(editing: { $0["reports"] = ["topics": [["name": "X", "terms": ["  ", "x"]]]] })
        #expect(blank.description.contains("reports.topics[0].terms"), "\(blank.description)")
    }
}
