import Foundation
@testable import MeetupModel
@testable import MeetupSupport
import Testing

/// `Event.write(to:)` and `Event(reading:)`: what is read back is the event written, with its
/// fingerprint, and nothing else reads as an event.
@Suite("Event binary form")
struct EventBinaryTests {
    /// Every stored property set to something other than its default.
    static var everything: Event {
        var event = Event(
            id: "e1", title: "Tëst \u{1F600}",
            start: ZonedDate(date: Date(timeIntervalSince1970: 1.5e9), utcOffsetSeconds: -18_000),
            end: ZonedDate(date: Date(timeIntervalSince1970: 1.5e9 + 3_600.25), utcOffsetSeconds: 3_600),
            eventURL: URL(string: "https://x.org/e/1?a=b"), description: "Line\nline", rsvpCount: 42,
            venue: Venue(
                name: "Hall", city: "Lagos", latitude: -6.5, longitude: 3.25, country: "ng", address: "1 Road",
                region: "LA", postalCode: "100001"),
            isOnline: true, group: EventGroup(name: "G", urlname: "g", id: "7"),
            groupPhotoURL: URL(string: "https://x.org/g.jpg"), eventPhotoURL: URL(string: "https://x.org/e.jpg"),
            createdAt: Date(timeIntervalSince1970: 1.4e9), meetupID: "31", networkEventID: "n1", isHybrid: true,
            fee: EventFee(amount: 5.5, currency: "EUR"))
        event.isAllDay = true
        event.formerIDs = ["old", "older"]
        event.fromCalendarFeed = true
        return event
    }

    static func roundTrip(_ event: Event) throws -> Event {
        var writer = BinaryWriter()
        event.write(to: &writer)
        var reader = BinaryReader(bytes: writer.bytes[...])
        let read = try #require(Event(reading: &reader))
        #expect(reader.atEnd)
        return read
    }

    @Test func everyPropertyIsReadBack() throws {
        // A property added to `Event` (or its venue, group or fee) and not to its binary form fails here.
        let fields = try #require(Mirror(reflecting: Self.everything).descendant("box", "fields"))
        #expect(Mirror(reflecting: fields).children.count == 20, "Event's properties changed: update Event+Binary")
        #expect(Mirror(reflecting: Self.everything.venue!).children.count == 8, "Venue changed: update Event+Binary")
        #expect(Mirror(reflecting: Self.everything.group!).children.count == 3, "EventGroup changed")
        #expect(Mirror(reflecting: Self.everything.fee!).children.count == 2, "EventFee changed")
        for (name, child) in Mirror(reflecting: fields).children {
            let value = Mirror(reflecting: child)
            #expect(
                !(value.displayStyle == .optional && value.children.isEmpty), "\(name ?? "?") is unset in the sample")
        }
        let event = Self.everything
        let read = try Self.roundTrip(event)
        #expect(read == event)
        #expect(read.fingerprint == event.fingerprint)
        let bare = Event(
            id: "b", title: "", start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0))
        #expect(try Self.roundTrip(bare) == bare)
    }

    /// The fingerprint read is the one written (not made again): the file's identity guards it.
    @Test func theFingerprintIsTheOneWritten() throws {
        var writer = BinaryWriter()
        Self.everything.write(to: &writer)
        var bytes = writer.bytes
        let fingerprint = Array(Self.everything.fingerprint.utf8)
        let at = try #require(bytes.firstRange(of: fingerprint))
        bytes.replaceSubrange(at, with: Array(String(repeating: "0", count: fingerprint.count).utf8))
        var reader = BinaryReader(bytes: bytes[...])
        let read = try #require(Event(reading: &reader))
        #expect(read == Self.everything && read.fingerprint == String(repeating: "0", count: 64))
    }

    /// Cut anywhere, the bytes are no event (and never a crash).
    @Test func aCutEventIsNone() {
        var writer = BinaryWriter()
        Self.everything.write(to: &writer)
        for length in 0..<writer.bytes.count {
            var reader = BinaryReader(bytes: writer.bytes[..<length])
            #expect(Event(reading: &reader) == nil, "cut at \(length)")
        }
    }
}
