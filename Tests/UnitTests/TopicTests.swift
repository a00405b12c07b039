import Foundation
@testable import MeetupModel
import MeetupSupport
import Testing

/// `TopicVocabulary` on titles in its five languages, and `TopicSummary` on a record worked by hand.
@Suite("Topics")
struct TopicTests {
    static func names(_ title: String) -> [String] { TopicVocabulary.standard.categories(of: title).map(\.name) }

    @Test func titlesInFiveLanguagesNameTheirFormatsLevelsAndTools() {
        #expect(Self.names("Taller de Shiny") == ["Workshop", "Shiny"])
        #expect(Self.names("Introducción a ggplot2") == ["Beginners", "ggplot2"])
        #expect(Self.names("Clube do livro: R for Data Science") == ["Book club"])
        #expect(Self.names("Atelier « Apprentissage automatique »") == ["Workshop", "Machine learning"])
        #expect(Self.names("Einführung in Quarto") == ["Beginners", "R Markdown and Quarto"])
        #expect(Self.names("MAPAS con sf") == ["Spatial data"])
        #expect(Self.names("R-Ladies SF: ML night") == [], "San Francisco is no spatial data, ML no topic alone")
        #expect(Self.names("Epidemiología con R") == ["Health and medicine"])
        #expect(Self.names("Climate data workshop") == ["Workshop", "Environment and climate"])
        #expect(Self.names("Setting up Python environments") == ["Python"], "an environment is no field")
    }

    @Test func aTermIsAWholeWord() {
        #expect(Self.names("Data science social club").contains("Social"))
        #expect(!Self.names("Transformers and attention").contains("Spatial data"), "no 'sf' inside a word")
        #expect(Self.names("Socialism and statistics") == ["Statistics"])
        #expect(Self.names("") == [])
    }

    static func event(_ id: String, _ title: String, _ day: String, group: String) -> ArchivedEvent {
        ArchivedEvent(
            id: id, title: title,
            start: ZonedDate(date: ISO8601.parseDateTime(day + "T18:00:00Z")!.date, utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group))
    }

    @Test func theSummaryCountsTrendsAndWhatIsNew() {
        let record = CommunityRecord(
            events: [
                Self.event("a", "Shiny workshop", "2025-03-01", group: "1"),
                Self.event("b", "Shiny workshop II", "2026-03-01", group: "1"),
                Self.event("c", "Hackathon night", "2026-04-01", group: "1"),
                Self.event("d", "Python talk", "2026-05-01", group: "2"),
                Self.event("e", "Members meet", "2026-05-02", group: "2"),
            ], groups: [])
        let topics = RecordReports(
            record: record, now: ISO8601.parseDateTime("2026-06-01T00:00:00Z")!.date, zone: .gmt
        ).topics()
        // The last 12 months: b, c, d, e; a is older.
        #expect(topics.lastYear.first { $0.name == "Shiny" }?.events == 1)
        #expect(topics.unnamedShare == 25, "e names nothing")
        #expect(topics.newThisYear == ["Hackathon", "Python", "Talk"], "Shiny and Workshop came in 2025")
        #expect(topics.diversity.first?.name == "Group 1" && topics.diversity.first?.categories == 3)
        #expect(topics.quarters.count == 8 && topics.quarters.last == "2026 Q2")
        let shiny = topics.trends.first { $0.name == "Shiny" }
        // 2024 Q3 … 2026 Q2: a in 2025 Q1, b in 2026 Q1.
        #expect(shiny?.counts == [0, 0, 1, 0, 0, 0, 1, 0])
    }
}
