import Foundation
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Curation: every rule, whole-word matching, where the rules apply, what is
/// counted, and the config's errors with their key paths.
@Suite("Curation rules")
struct CurationTests {
    static let berlin = EventQuery(id: "swift", keyword: "swift", latitude: 52.52, longitude: 13.405)
    static let groups = EventQuery(id: "ruby", title: "Ruby", kind: .groups(["berlin-ruby"]))

    static func event(
        _ id: String, title: String = "Swift night", description: String = "", group: String? = "swift-berlin",
        online: Bool = false, going: Int? = 10, at place: (Double, Double)? = (52.52, 13.405)
    ) -> Event {
        Event(
            id: id, title: title, start: ISO8601.parseDateTime("2026-12-01T19:00:00+01:00")!,
            description: description, rsvpCount: going,
            venue: place.map { Venue(name: "Venue", latitude: $0.0, longitude: $0.1) }, isOnline: online,
            group: group.map { EventGroup(name: $0, urlname: $0) })
    }

    func removal(_ event: Event, _ rules: CurationRules, query: EventQuery = berlin) -> Removal? {
        if case .removed(let removal) = Curation(site: rules).decide(event, in: query) { return removal }
        return nil
    }

    @Test func wordsMatchWholeIgnoringCaseAndAccents() {
        let rules = CurationRules(excludeWords: ["bootcamp", "crypto trading", "cafe"])
        #expect(removal(Self.event("1", title: "Paid BOOTCAMP: iOS in 6 weeks"), rules)?.rule == .excludeWords)
        #expect(
            removal(Self.event("2", description: "Learn **Crypto-Trading!** with us"), rules)?.detail
                == "its title or description says “crypto trading”")
        #expect(removal(Self.event("3", title: "Repair Café"), rules) != nil, "accents are ignored")
        #expect(removal(Self.event("4", title: "Bootcamps compared"), rules) == nil, "whole words only")
        #expect(
            removal(Self.event("5", description: "cryptotrading and crypto, trading"), rules) != nil,
            "punctuation separates words")
        #expect(removal(Self.event("6", description: "cryptotrading"), rules) == nil)
        #expect(
            removal(Self.event("7", description: "[register](https://example.org/bootcamp)"), rules) == nil,
            "a link target is not a word the reader sees")
        #expect(
            removal(Self.event("8", title: "Crypto", description: "trading floor"), rules) == nil,
            "a phrase does not span title and description")
    }

    @Test func eachRuleRemovesWhatItSays() {
        #expect(
            removal(Self.event("1", group: "Crypto-Bootcamp"), CurationRules(excludeGroups: ["crypto-bootcamp"]))?.rule
                == .excludeGroups,
            "urlnames ignore case")
        #expect(removal(Self.event("301"), CurationRules(excludeEvents: ["301"]))?.keyPath == "curation.excludeEvents")
        #expect(removal(Self.event("2"), CurationRules(only: .online))?.rule == .only)
        #expect(removal(Self.event("3", online: true), CurationRules(only: .online)) == nil)
        #expect(
            removal(Self.event("4", online: true), CurationRules(only: .inPerson))?.detail
                == "an online event (only in-person events are shown)")
        #expect(removal(Self.event("5", going: 2), CurationRules(minRSVPs: 3))?.detail == "2 going (at least 3)")
        #expect(
            removal(Self.event("6", going: nil), CurationRules(minRSVPs: 3)) == nil, "an unknown count is not judged")
    }

    @Test func distanceIsGreatCircleFromTheSearchsPoint() {
        // Berlin to Potsdam is 16.9 miles, to Tokyo 5,542 (both checked with an independent haversine in Python).
        let potsdam = Self.event("1", at: (52.3906, 13.0645))
        let miles = Curation.distanceMiles(of: potsdam, in: Self.berlin) ?? 0
        #expect(abs(miles - 16.9) < 0.05, "\(miles)")
        #expect(
            removal(potsdam, CurationRules(maxDistanceMiles: 10))?.detail
                == "16.9 miles from the search's point (at most 10)")
        #expect(removal(potsdam, CurationRules(maxDistanceMiles: 20)) == nil)
        let tokyo = Self.event("2", at: (35.659, 139.703))
        #expect(abs((Curation.distanceMiles(of: tokyo, in: Self.berlin) ?? 0) - 5_542) < 10)
        #expect(
            removal(Self.event("3", online: true, at: (-8.5, 179.2)), CurationRules(maxDistanceMiles: 10)) == nil,
            "online events have no distance (Meetup gives them a placeholder venue)")
        #expect(
            removal(Self.event("4", at: nil), CurationRules(maxDistanceMiles: 10)) == nil,
            "no coordinates, no judgement")
        #expect(
            removal(tokyo, CurationRules(maxDistanceMiles: 10), query: Self.groups) == nil,
            "a groups query has no point")
    }

    @Test func siteRulesApplyEverywhereAQuerysOnlyToItsEvents() {
        let unrelated = Self.event("10", group: "hardware-hackers")
        let weekly = Self.event("11", title: "Paid bootcamp")
        let kept = Self.event("12")
        let fetched = FetchedEvents(outcomes: [
            (Self.berlin, .succeeded(events: [unrelated, weekly, kept])),
            (Self.groups, .succeeded(events: [unrelated, weekly])),
        ])
        let curation = Curation(
            site: CurationRules(excludeWords: ["bootcamp"]),
            perQuery: ["swift": CurationRules(excludeGroups: ["hardware-hackers"], keyPath: "queries[0].curation")])
        let curated = curation.apply(fetched)
        #expect(curated.shown.outcomes[0].outcome.events.map(\.id) == ["12"])
        #expect(
            curated.shown.outcomes[1].outcome.events.map(\.id) == ["10"],
            "the other query still shows the group's event")
        #expect(curated.removedEvents == 1, "only the bootcamp is on no page")
        #expect(
            curated.removedByRule == [.excludeWords: 1, .excludeGroups: 1], "distinct events per rule, not per query")
    }

    @Test func aPinnedEventIsExemptAndFirstOnTheIndexOrder() {
        let curation = Curation(site: CurationRules(minRSVPs: 50), pinned: ["7"])
        #expect(curation.decide(Self.event("7", going: 3), in: Self.berlin) == .pinned)
        #expect(curation.decide(Self.event("8", going: 3), in: Self.berlin) != .shown)
    }

    @Test func explainFindsAnEventByIdOrURL() {
        #expect(EventExplanation.eventID(from: "301234567") == "301234567")
        #expect(
            EventExplanation.eventID(from: "https://www.meetup.com/rust-berlin/events/301234567/?utm=x") == "301234567")
        #expect(EventExplanation.eventID(from: " 42 ") == "42")
        #expect(
            EventExplanation.eventID(from: "tu-talks:1a2b3c4d5e6f7a8b") == "tu-talks:1a2b3c4d5e6f7a8b",
            "a calendar's id is no URL")
    }
}

@Suite("Curation in the config")
struct CurationConfigTests {
    func load(
        curation: String = "null", queries: String = #"[{"id": "s", "keyword": "swift", "lat": 52.5, "lon": 13.4}]"#
    ) throws -> ReportConfig {
        let json =
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "."}, "queries": \#(queries), "curation": \#(curation)}"#
        return try ConfigLoader(environment: [:], requiresToken: false).parse(
            Data(json.utf8), file: "queries.json", baseDirectory: URL(fileURLWithPath: "/tmp"))
    }

    @Test func siteAndQueryRulesAreRead() throws {
        let config = try load(
            curation:
                #"{"excludeGroups": ["Crypto-Bootcamp"], "excludeWords": ["bootcamp", "bootcamp"], "pinned": ["301"], "notes": {"301": "Bring a *laptop*"}}"#,
            queries:
                #"[{"id": "s", "keyword": "swift", "lat": 52.5, "lon": 13.4, "curation": {"maxDistanceMiles": 15, "only": "in-person", "minRSVPs": 3}}]"#
        )
        #expect(
            config.curation.site.excludeGroups == ["crypto-bootcamp"]
                && config.curation.site.excludeWords == ["bootcamp"])
        #expect(config.curation.pinned == ["301"] && config.curation.notes["301"] == "Bring a *laptop*")
        let query = try #require(config.curation.perQuery["s"])
        #expect(
            query.maxDistanceMiles == 15 && query.only == .inPerson && query.minRSVPs == 3
                && query.keyPath == "queries[0].curation")
    }

    @Test(
        arguments: [
            (
                #"{"only": "hybrid"}"#, nil,
                "queries.json: curation.only: expected \"online\" or \"in-person\", found \"hybrid\""
            ),
            (
                #"{"excludeWords": ["—"]}"#, nil,
                "queries.json: curation.excludeWords[0]: expected words or phrases of letters and digits"
            ),
            (
                #"{"excludeGroups": "x"}"#, nil,
                "queries.json: curation.excludeGroups: expected an array of group urlnames"
            ),
            (
                #"{"notes": {"301": "two\nlines"}}"#, nil,
                "queries.json: curation.notes.301: expected one line of Markdown of at most 280 characters"
            ),
            (
                #"{"pinned": ["301"], "excludeEvents": ["301"]}"#, nil,
                "queries.json: curation.pinned: expected no event that excludeEvents also names"
            ),
            (#"{"pinned": ["301"], "regex": ".*"}"#, nil, "queries.json: curation.regex is not a known key"),
            (
                "null", #"[{"id": "g", "groups": ["a"], "curation": {"maxDistanceMiles": 5}}]"#,
                "queries.json: queries[0].curation.maxDistanceMiles: expected nothing: only a \"keyword\" search has a point to measure from"
            ),
            (
                "null", #"[{"id": "g", "groups": ["a"], "curation": {"pinned": ["1"]}}]"#,
                "queries.json: queries[0].curation.pinned is not a known key"
            ),
            (
                "null", #"[{"id": "s", "keyword": "k", "lat": 1, "lon": 2, "curation": {"minRSVPs": 0}}]"#,
                "queries.json: queries[0].curation.minRSVPs: expected a whole number from 1"
            ),
        ] as [(String, String?, String)])
    func mistakesNameTheirKeyPath(_ curation: String, queries: String?, message: String) {
        do {
            _ = try queries.map { try load(curation: curation, queries: $0) } ?? load(curation: curation)
            Issue.record("expected \(curation) to be rejected")
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }
}
