import Foundation
@testable import MeetupFetch
@testable import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// What the render memo's keys and the cache's files are made from.
@Suite("Event fingerprints and the last-good files")
struct FingerprintTests {
    static let event = Event(
        id: "1", title: "Talk", start: ISO8601.parseDateTime("2026-12-01T19:00:00+01:00")!,
        end: ISO8601.parseDateTime("2026-12-01T21:00:00+01:00")!, eventURL: URL(string: "https://x.org/e/1"),
        description: "About *things*", rsvpCount: 3,
        venue: Venue(name: "Hall", city: "Berlin", latitude: 52.5, longitude: 13.4),
        isOnline: false, group: EventGroup(name: "G", urlname: "g"), groupPhotoURL: URL(string: "https://x.org/g.jpg"),
        eventPhotoURL: URL(string: "https://x.org/e.jpg"), createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    /// The fingerprint is fed field by field: a stored property added to `Event` (or to its
    /// venue, group or dates) must be added to it too, or pages showing it would not be remade.
    @Test func theFingerprintCoversEveryStoredProperty() throws {
        // An event's fields are in its box (`Event.Fields`).
        let fields = try #require(Mirror(reflecting: Self.event).descendant("box", "fields"))
        #expect(Mirror(reflecting: fields).children.count == 20, "Event's properties changed: update Event.fingerprint")
        #expect(
            Mirror(reflecting: Venue(name: "", city: nil)).children.count == 8,
            "Venue changed: update Event.fingerprint")
        #expect(
            Mirror(reflecting: EventGroup(name: "")).children.count == 3, "EventGroup changed: update Event.fingerprint"
        )
        #expect(Mirror(reflecting: Self.event.start).children.count == 2, "ZonedDate changed: update Event.fingerprint")
    }

    /// An event is a value though its fields are in a shared box: a change to a copy is the
    /// copy's alone, and equality and hashing are the fields'.
    @Test func anEventIsAValue() {
        let fingerprint = Self.event.fingerprint  // remembered in the shared box
        var copy = Self.event
        copy.title = "Changed"
        copy.formerIDs.append("old")
        #expect(Self.event.title == "Talk" && Self.event.formerIDs.isEmpty)
        #expect(copy.title == "Changed" && copy.formerIDs == ["old"] && copy != Self.event)
        #expect(copy.fingerprint != fingerprint && Self.event.fingerprint == fingerprint, "a change, a new fingerprint")
        var same = copy
        same.title = "Talk"
        same.formerIDs = []
        #expect(same == Self.event && same.hashValue == Self.event.hashValue)
        #expect(Set([Self.event, same, copy]).count == 2)
    }

    @Test func everyFieldChangesTheFingerprint() {
        let base = Self.event.fingerprint
        var changes: [(String, (inout Event) -> Void)] = [
            ("title", { $0.title = "Other" }), ("description", { $0.description = "Other" }),
            ("rsvp", { $0.rsvpCount = 4 }),
            ("start", { $0.start = ISO8601.parseDateTime("2026-12-01T19:00:00+02:00")! }), ("end", { $0.end = nil }),
            ("url", { $0.eventURL = nil }), ("venue", { $0.venue?.city = "Potsdam" }),
            ("lat", { $0.venue?.latitude = 52.6 }),
            ("online", { $0.isOnline = true }), ("group", { $0.group?.urlname = "h" }),
            ("photo", { $0.groupPhotoURL = nil }),
            ("event photo", { $0.eventPhotoURL = nil }), ("created", { $0.createdAt = nil }),
            ("all day", { $0.isAllDay = true }),
        ]
        changes.append(("id", { $0.id = "2" }))
        changes.append(("Meetup id", { $0.meetupID = "310866024" }))
        changes.append(("former ids", { $0.formerIDs = ["310000000"] }))
        for (name, change) in changes {
            var changed = Self.event
            change(&changed)
            #expect(changed.fingerprint != base, "\(name)")
        }
        #expect(Self.event.fingerprint == base, "stable")
    }

    /// The last-good file is written in pieces now; its bytes are the object's compact JSON as before.
    @Test func theLastGoodFileIsTheSameJSONAsBefore() throws {
        let folder = try TemporaryDirectory()
        let store = LastGoodEvents(cacheDirectory: folder.url)
        var other = Self.event
        other.id = "2"
        other.title = "Quote \" and \u{1} and é"
        let at = Date(timeIntervalSince1970: 1_795_503_894.25)
        try store.save([Self.event, other], for: "q", fetchedAt: at)
        let expected = JSONValue.object([
            "fetchedAt": .number(at.timeIntervalSince1970), "events": .array([Self.event.jsonValue, other.jsonValue]),
        ])
        #expect(
            try String(contentsOf: store.directory.appendingPathComponent("q.json"), encoding: .utf8)
                == expected.compactJSON)
        #expect(store.load(for: "q")?.events == [Self.event, other])
    }
}
