import Foundation
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The geography report's map: where a group is placed, what part of the world is shown, and
/// that the coordinates it is drawn from survive the record.
@Suite("World map")
struct WorldMapTests {
    static func event(_ id: String, group: String, _ latitude: Double?, _ longitude: Double?, online: Bool = false)
        -> ArchivedEvent
    {
        ArchivedEvent(
            id: id, title: id, start: ZonedDate(date: Date(timeIntervalSince1970: 1.7e9), utcOffsetSeconds: 0),
            group: ArchivedGroupRef(id: group, urlname: "g" + group, name: "Group " + group), isOnline: online,
            latitude: latitude, longitude: longitude)
    }

    @Test func aGroupIsWhereItsEventsMostlyAre() {
        let record = CommunityRecord(
            events: [
                // Lagos three times and once far off: the median stays in Lagos.
                Self.event("a", group: "1", 6.45, 3.39), Self.event("b", group: "1", 6.46, 3.40),
                Self.event("c", group: "1", 6.47, 3.38), Self.event("d", group: "1", 51.5, -0.1),
                // Online: no place; a group with only online events has no mark.
                Self.event("e", group: "2", 1, 1, online: true),
            ], groups: [])
        let places = RecordReports(record: record, now: Date(timeIntervalSince1970: 1.8e9), zone: .gmt).groupPlaces()
        #expect(places.count == 1)
        #expect(places[0].events == 4 && abs(places[0].latitude - 6.465) < 0.001 && places[0].longitude == 3.385)
        #expect(Self.event("x", group: "3", 95, 10).latitude == nil, "off the Earth: no place")
    }

    @Test func theMapShowsTheAreaItsGroupsCover() {
        #expect(WorldMap.point(latitude: 0, longitude: 0) == (900, 450))
        #expect(WorldMap.point(latitude: 90, longitude: -180) == (0, 0))
        // Two groups in Berlin: at least 12° by 6°, twice as wide as high, centred on them.
        let berlin = WorldMap.frame([WorldMap.point(latitude: 52.5, longitude: 13.4)])
        #expect(berlin.width == 60 && berlin.height == 30)
        #expect(abs(berlin.x + 30 - (13.4 + 180) * 5) < 0.001)
        // Melbourne and Trondheim: most of the world, never past its edges.
        let wide = WorldMap.frame([
            WorldMap.point(latitude: -37.8, longitude: 145), WorldMap.point(latitude: 63.4, longitude: 10.4),
        ])
        #expect(wide.x >= 0 && wide.y >= 0 && wide.x + wide.width <= 1800 && wide.y + wide.height <= 900)
        #expect(WorldMap.frame([]) == (0, 0, 1800, 900))
    }

    @Test func eachGroupIsACircleNamedForAScreenReader() {
        let places = [
            RecordReports.GroupPlace(key: "a", name: "R-Ladies <Lagos>", latitude: 6.5, longitude: 3.4, events: 40),
            RecordReports.GroupPlace(key: "b", name: "R-Ladies Abuja", latitude: 9.1, longitude: 7.5, events: 10),
        ]
        let svg = WorldMap.svg(places, title: "Where the groups meet")
        #expect(svg.components(separatedBy: "<circle").count == 3)
        #expect(svg.contains("<title>R-Ladies &lt;Lagos&gt;: 40 events</title>"))
        #expect(svg.contains("Groups and their events: R-Ladies &lt;Lagos&gt;: 40; R-Ladies Abuja: 10</desc>"))
        #expect(svg.contains("<path class=\"l\" d=\"M"), "the countries under them")
        #expect(!svg.contains("<style>."), "its styles scoped to it")
        // Nothing a reader's browser would fetch: the only address is the SVG namespace's.
        let addresses = svg.matches(of: /(?:https?:)?\/\/[^"' )]+/).map { String($0.output) }
        #expect(addresses == ["http://www.w3.org/2000/svg"], "\(addresses)")
        #expect(!svg.contains("href") && !svg.contains("url(http") && !svg.contains("@import"))
    }

    @Test func theRecordKeepsWhereAnEventTookPlace() throws {
        let folder = try TemporaryDirectory()
        let history = try HistoryStore(path: folder.path("history.sqlite"))
        let now = Date(timeIntervalSince1970: 1.8e9)
        try history.archive([Self.event("a", group: "1", 6.45, 3.39)], now: now)
        // Seen again without a venue (a backfill page that had none): the place is kept.
        try history.archive([Self.event("a", group: "1", nil, nil)], now: now)
        let kept = try #require(history.record().events.first)
        #expect(kept.latitude == 6.45 && kept.longitude == 3.39)
    }
}
