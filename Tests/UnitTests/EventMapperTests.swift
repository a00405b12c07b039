import Foundation
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

@Suite("Mapping recorded GraphQL responses")
struct RecordedGraphQLMappingTests {
    @Test func groupEventsMapEveryEventWithItsFields() throws {
        let page = try EventMapper.page(from: Fixtures.data("meetupr/group-events-rladies-lagos-1.json"))
        #expect(page.events.count == 13)
        #expect(page.skippedCount == 0)
        #expect(page.nextCursor == nil, "hasNextPage is false")

        let first = try #require(page.events.first)
        #expect(first.id == "264156061")
        #expect(first.title == "satRday Lagos + The Launch of RLadies Lagos.", "runs of spaces collapse")
        #expect(first.start.utcOffsetSeconds == 3600)
        #expect(ISO8601.formatUTC(first.start.date) == "2019-09-21T08:00:00Z")
        #expect(first.end.map { ISO8601.formatUTC($0.date) } == "2019-09-21T15:00:00Z", "end = start + PT7H")
        #expect(first.eventURL?.absoluteString == "https://www.meetup.com/rladies-lagos/events/264156061/")
        #expect(first.venue?.name == "Civil Engineering Building", "the trailing comma the API left is trimmed")
        #expect(first.venue?.city == "Lagos" && first.venue?.country == "ng")
        #expect(first.isOnline == false)
        #expect(first.rsvpCount == 26)
        #expect(first.group == EventGroup(name: "R-Ladies Lagos", urlname: "rladies-lagos", id: "32612004"))
        #expect(first.eventPhotoURL == nil && first.groupPhotoURL == nil)
    }

    @Test func onlineVenuesAndBareBaseURLPhotos() throws {
        let events = try EventMapper.page(from: Fixtures.data("meetupr/group-events-rladies-lagos-1.json")).events
        let online = try #require(events.first { $0.id == "284322273" })
        #expect(online.isOnline)
        #expect(online.venue == nil, "the placeholder 'Online event' venue at -8.5,179.2 is not a place")
        #expect(online.eventPhotoURL == nil, "featuredEventPhoto with only baseUrl is a folder, not a photo")

        let hybrid = try #require(events.first { $0.id == "300356000" })
        #expect(hybrid.venue?.name == "American Corner Ikeja")
        #expect(hybrid.isOnline == false)
    }

    @Test func proNetworkSearchHasACursorAndNoVenues() throws {
        let page = try EventMapper.page(from: Fixtures.data("meetupr/pro-events-3.json"))
        #expect(page.events.count == 5)
        #expect(page.nextCursor?.hasPrefix("eyJ2YWx1ZXMi") == true)
        let release = try #require(page.events.first { $0.id == "310294392" })
        #expect(release.group?.name == "R-Ladies Goiânia")
        #expect(release.description.hasPrefix("\u{2601}\u{FE0F} O ar"))
        #expect(release.venue == nil && release.rsvpCount == nil && release.eventURL == nil)
        #expect(release.end.map { $0.date.timeIntervalSince(release.start.date) } == 14_400.0, "PT4H")
    }

    @Test func graphQLErrorsWithStatus200AreErrors() throws {
        let body = try Fixtures.data("meetupr/group-events-inst-2.json")
        do throws(PageMappingError) {
            _ = try EventMapper.page(from: body)
            Issue.record("expected an error")
        } catch {
            guard case .graphQLErrors(let messages) = error else { Issue.record("wrong error \(error)"); return }
            #expect(messages.first?.contains("EventStatus") == true)
        }
    }

    @Test func aResponseWithoutAnEventListIsAShapeError() throws {
        let noEventList = try Fixtures.data("meetupr/pro-events-1.json")
        do throws(PageMappingError) {
            _ = try EventMapper.page(from: noEventList)
            Issue.record("expected an error")
        } catch {
            guard case .unexpectedShape(let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reason.contains("eventSearch"))
        }
        do throws(PageMappingError) {
            _ = try EventMapper.page(from: Data("<html>oops</html>".utf8))
            Issue.record("expected an error")
        } catch {
            guard case .notJSON = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test func connectionRootsAreAllRead() throws {
        let group = try EventMapper.page(from: Fixtures.data("meetupr/group-events-inst-5.json"))
        #expect(group.events.count == 5)
        let search = try EventMapper.page(
            from: Fixtures.page(
                [Fixtures.node(id: "1", title: "A", dateTime: "2026-12-01T19:00:00+01:00")], endCursor: "next"))
        #expect(search.events.map(\.id) == ["1"])
        #expect(search.nextCursor == "next")
    }
}

@Suite("Tolerant mapping of messy events")
struct MessyEventMappingTests {
    func map(_ node: [String: Any]) throws -> EventPage {
        try EventMapper.page(from: Fixtures.page([node], endCursor: nil))
    }

    @Test func missingPartsAreANormalEvent() throws {
        var node = Fixtures.node(id: "7", title: "Bare", dateTime: "2026-12-01T19:00+01:00", venue: nil, going: nil)
        node["group"] = NSNull()
        node["venues"] = NSNull()
        let event = try #require(try map(node).events.first)
        #expect(event.venue == nil && event.group == nil && event.rsvpCount == nil && event.displayPhotoURL == nil)
        #expect(event.isOnline == false)
    }

    @Test func entriesWithoutIdOrStartAreSkippedNotFatal() throws {
        var noID = Fixtures.node(id: "x", title: "No id", dateTime: "2026-12-01T19:00:00Z")
        noID["id"] = NSNull()
        let noDate = Fixtures.node(id: "8", title: "No date", dateTime: "soon")
        var cancelled = Fixtures.node(id: "9", title: "Cancelled", dateTime: "2026-12-01T19:00:00Z")
        cancelled["status"] = "CANCELLED"
        let good = Fixtures.node(id: "10", title: "Good", dateTime: "2026-12-01T19:00:00Z")
        let page = try EventMapper.page(from: Fixtures.page([noID, noDate, cancelled, good], endCursor: nil))
        #expect(page.events.map(\.id) == ["10"])
        #expect(page.skippedCount == 3)
    }

    @Test func onlyWebLinksSurviveAndTitlesLoseControlCharacters() throws {
        let node = Fixtures.node(
            id: "11", title: "Tab\there\u{0007}\n<b>bold</b>", dateTime: "2026-12-01T19:00:00Z",
            groupPhoto: "file:///etc/passwd", eventPhoto: "https://example.org/p.jpg",
            eventURL: "javascript:alert(1)")
        let event = try #require(try map(node).events.first)
        #expect(event.title == "Tab here <b>bold</b>", "markup stays text here; renderers escape it")
        #expect(event.eventURL == nil)
        #expect(event.groupPhotoURL?.isFileURL == false, "a file: highResUrl is never used")
        #expect(event.groupPhotoURL?.scheme == "https")
        #expect(event.eventPhotoURL?.absoluteString == "https://example.org/p.jpg")
    }

    @Test func groupPhotoIsPreferredAndHighResWins() throws {
        let node = Fixtures.node(
            id: "12", title: "P", dateTime: "2026-12-01T19:00:00Z",
            groupPhoto: "https://secure.meetupstatic.com/photos/event/b/6/9/2/highres_488026738.jpeg",
            eventPhoto: "https://example.org/e.jpg")
        let event = try #require(try map(node).events.first)
        #expect(event.displayPhotoURL?.lastPathComponent == "highres_488026738.jpeg")
    }
}

@Suite("Mapping archives in the retired REST v3 shape")
struct LegacyV3MappingTests {
    static let archive = #"""
        {"events": [
          {"id": "255012345", "name": "Intro to R & <i>tidyverse</i>", "status": "upcoming",
           "time": 1577898000000, "utc_offset": 3600000, "local_date": "2020-01-01", "local_time": "18:00",
           "duration": 7200000, "yes_rsvp_count": 41, "link": "https://www.meetup.com/rladies-berlin/events/255012345/",
           "venue": {"name": "Betahaus", "city": "Berlin", "lat": 52.5, "lon": 13.39},
           "group": {"name": "R-Ladies Berlin", "urlname": "rladies-berlin",
                     "photo": {"highres_link": "https://secure.meetupstatic.com/photos/event/1/2/highres_1.jpeg",
                               "photo_link": "https://secure.meetupstatic.com/photos/event/1/2/600_1.jpeg"}}},
          {"id": 255099999, "name": "Local time only", "local_date": "2020-01-02", "local_time": "09:30", "utc_offset": -18000000,
           "link": "javascript:alert(1)", "is_online_event": true},
          {"name": "no id, skipped", "time": 1577898000000}
        ]}
        """#

    @Test func eventsObjectMapsAllFields() throws {
        let page = try EventMapper.page(from: Data(Self.archive.utf8))
        #expect(page.events.count == 2)
        #expect(page.skippedCount == 1)
        let first = page.events[0]
        #expect(first.title == "Intro to R & <i>tidyverse</i>")
        #expect(ISO8601.formatUTC(first.start.date) == "2020-01-01T17:00:00Z")
        #expect(first.start.utcOffsetSeconds == 3600)
        #expect(first.end.map { $0.date.timeIntervalSince(first.start.date) } == 7200)
        #expect(first.rsvpCount == 41)
        #expect(first.venue?.name == "Betahaus")
        #expect(first.groupPhotoURL?.lastPathComponent == "highres_1.jpeg")

        let second = page.events[1]
        #expect(second.id == "255099999")
        #expect(ISO8601.formatUTC(second.start.date) == "2020-01-02T14:30:00Z", "09:30 at UTC-5")
        #expect(second.isOnline)
        #expect(second.eventURL == nil)
    }

    @Test func topLevelArrayIsAccepted() throws {
        let array = #"[{"id": "1", "name": "A", "time": 1577898000000, "utc_offset": 0}]"#
        #expect(try EventMapper.page(from: Data(array.utf8)).events.map(\.id) == ["1"])
    }
}

/// An online event's stand-in venue (`group-events-rladies-lagos-1.json`) is no place.
@Suite("The online placeholder venue")
struct OnlinePlaceholderVenueTests {
    static let pacific = (latitude: -8.521147, longitude: 179.1962)

    func events(_ transform: (inout [String: Any]) -> Void = { _ in }) throws -> [Event] {
        var body = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("meetupr/group-events-rladies-lagos-1.json"))
                as? [String: Any])
        transform(&body)
        return try EventMapper.page(from: JSONSerialization.data(withJSONObject: body)).events
    }

    @Test func theRecordedPlaceholderNeverBecomesAVenue() throws {
        let recorded = try events()
        #expect(recorded.count == 13)
        #expect(!recorded.contains { $0.venue?.latitude == Self.pacific.latitude }, "no event is in the Pacific")
        #expect(recorded.filter(\.isOnline).count >= 8)
        let hybrid = try #require(recorded.first { $0.id == "300356000" })
        #expect(
            hybrid.venue?.name == "American Corner Ikeja" && hybrid.venue?.latitude == 6.565846,
            "its real venue is kept")
    }

    /// The same body as older answers gave it, without `venueType`: the name and the point still say what it is.
    @Test func withoutItsVenueTypeThePlaceholderIsStillNoPlace() throws {
        let stripped = try events { body in
            guard var data = body["data"] as? [String: Any], var group = data["groupByUrlname"] as? [String: Any],
                var events = group["events"] as? [String: Any], var edges = events["edges"] as? [[String: Any]]
            else { return }
            for index in edges.indices {
                guard var node = edges[index]["node"] as? [String: Any], let venues = node["venues"] as? [[String: Any]]
                else { continue }
                node["venues"] = venues.map { venue in
                    var venue = venue; venue.removeValue(forKey: "venueType"); return venue
                }
                edges[index]["node"] = node
            }
            events["edges"] = edges
            group["events"] = events
            data["groupByUrlname"] = group
            body["data"] = data
        }
        #expect(
            !stripped.contains { $0.venue?.latitude == Self.pacific.latitude || $0.venue?.name == "Online event" },
            "\(stripped.compactMap(\.venue?.name))")
    }
}

/// The token is the event's lasting id; Meetup's id is kept beside it.
@Suite("Event identity")
struct EventIdentityTests {
    @Test func theTokenIsTheIdAndMeetupsIdIsKept() throws {
        let page = try EventMapper.page(
            from: Fixtures.page(
                [
                    Fixtures.node(
                        id: "200", title: "Hack night",
                        dateTime: "2026-12-10T18:00:00+01:00", token: "tok-hack")
                ],
                endCursor: nil))
        let event = try #require(page.events.first)
        #expect(event.id == "tok-hack" && event.meetupID == "200" && event.isNamed("200") && event.isNamed("tok-hack"))
        let stored = try #require(Event(jsonValue: event.jsonValue))
        #expect(stored.meetupID == "200", "the last-good cache keeps it")
        let untokened = try EventMapper.page(
            from: Fixtures.page(
                [Fixtures.node(id: "100", title: "Old", dateTime: "2026-12-10T18:00:00+01:00")],
                endCursor: nil)
        ).events.first
        #expect(untokened?.id == "100" && untokened?.meetupID == nil)
    }

    /// Issue 62, item 9: a HYBRID event whose only venue is Meetup's online placeholder was counted
    /// online. It is hybrid: in person (its place not set yet) and online.
    @Test func aHybridEventWithOnlyThePlaceholderVenueIsHybridNotOnline() throws {
        let node: [String: Any] = [
            "id": "1", "title": "Both", "dateTime": "2026-12-03T18:00:00+01:00", "eventType": "HYBRID",
            "eventUrl": "https://www.meetup.com/g/events/1/",
            "venues": [["name": "Online event", "venueType": "online", "lat": -8.521147, "lng": 179.1976]],
        ]
        let body: [String: Any] = [
            "data": [
                "eventSearch": [
                    "totalCount": 1, "pageInfo": ["hasNextPage": false], "edges": [["node": node]],
                ]
            ]
        ]
        let event = try #require(try EventMapper.page(from: JSONSerialization.data(withJSONObject: body)).events.first)
        #expect(event.isHybrid && !event.isOnline && event.venue == nil)
        let archived = ArchivedEvent(event, queryIDs: ["q"])
        #expect(archived.isHybrid && !archived.isOnline)
    }
}
