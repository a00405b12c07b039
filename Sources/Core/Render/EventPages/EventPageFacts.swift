import Foundation
import MeetupModel
import MeetupSupport

/// What an event's page says, from an upcoming event or from the record's copy of one that
/// has taken place: one shape, so both pages and their JSON-LD are made by the same code. A
/// past event's page is rendered from this value alone (with the site's settings), and its render
/// key is the hash of its encoding (`PastEventPages`): a field added here is in the key.
struct EventPageFacts: Sendable, Encodable {
    /// schema.org's `eventStatus`, as the site knows it.
    enum Status: Sendable, Equatable, Encodable {
        case scheduled, cancelled, movedOnline
        /// The history saw its start move (from `previous`).
        case rescheduled(previous: ZonedDate)
    }

    var id: String
    var title: String
    var start: ZonedDate
    var end: ZonedDate?
    var isAllDay = false
    var isPast: Bool
    var meetupURL: URL?
    var venue: Venue?
    var isOnline: Bool
    var isHybrid = false
    var group: EventGroup?
    var going: Int?
    /// True when the source cannot say how many are going (a group's iCalendar feed).
    var goingUnknown = false
    var fee: EventFee?
    var status: Status = .scheduled
    /// A thumbnail's site path (and its double-density twin), or nil for the placeholder.
    var image: String?
    var largeImage: String?
    var plainDescription = ""

    /// An upcoming event as tonight's site shows it (`UpcomingEventPage`).
    init(upcoming page: UpcomingEventPage, plainDescription: String) {
        let event = page.event
        id = event.id
        title = event.title
        start = event.start
        end = event.end
        isAllDay = event.isAllDay
        isPast = false
        meetupURL = event.eventURL
        venue = event.venue
        isOnline = event.isOnline
        isHybrid = event.isHybrid
        group = event.group
        going = event.rsvpCount
        goingUnknown = event.fromCalendarFeed
        fee = event.fee
        status = page.status
        image = page.image
        largeImage = page.largeImage
        self.plainDescription = plainDescription
    }

    /// An event of the record that has taken place (or was cancelled).
    init(past event: ArchivedEvent) {
        id = event.id
        title = event.title
        start = event.start
        end = event.end.map { ZonedDate(date: $0, utcOffsetSeconds: event.start.utcOffsetSeconds) }
        isPast = true
        meetupURL = event.url
        let place = [event.city, event.country].compactMap { $0 }.filter { !$0.isEmpty }
        venue = event.isOnline || place.isEmpty ? nil : Venue(name: "", city: event.city, country: event.country)
        isOnline = event.isOnline
        isHybrid = event.isHybrid
        group = event.group.map { EventGroup(name: $0.name, urlname: $0.urlname, id: $0.id) }
        going = event.going
        status = event.isCancelled ? .cancelled : .scheduled
    }

    /// Moved online, or rescheduled, when the history noticed it; else scheduled (a cancelled
    /// event leaves Meetup's lists, so an upcoming one is never cancelled here).
    static func status(of event: Event, changes: [HistoryChange]) -> Status {
        let moves = changes.filter { $0.eventID == event.id && $0.kind == .moved }
        if event.isOnline, !event.isHybrid,
            moves.contains(where: { !$0.oldPlace.isOnline && $0.newPlace?.isOnline == true })
        {
            return .movedOnline
        }
        if let moved = moves.first(where: {
            abs(($0.newStart?.date ?? event.start.date).timeIntervalSince($0.oldStart.date)) >= 60
        }) {
            return .rescheduled(previous: moved.oldStart)
        }
        return .scheduled
    }

    /// A link to OpenStreetMap at the venue, when it has real coordinates.
    var mapURL: URL? {
        guard let latitude = venue?.latitude, let longitude = venue?.longitude, !isOnline || isHybrid,
            abs(latitude) <= 90, abs(longitude) <= 180, latitude != 0 || longitude != 0
        else { return nil }
        let lat = String(format: "%.6f", latitude)
        let lon = String(format: "%.6f", longitude)
        return URL(string: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)")
    }

    /// "Sweets And Pastries Ltd, 76 Ogudu Rd, Lagos, NG": the venue as one line, or nil.
    var placeLine: String? {
        guard let venue else { return nil }
        let parts = [
            venue.name, venue.address, venue.city, venue.region, venue.postalCode, venue.country?.uppercased(),
        ]
        var seen = Set<String>()
        let line = parts.compactMap { $0.map(TextCleaning.singleLine) }.filter { !$0.isEmpty }
            .filter { seen.insert($0.lowercased()).inserted }.joined(separator: ", ")
        return line.isEmpty ? nil : line
    }

    /// "In person", "Online", "In person and online", in the site's language.
    func attendance(_ language: SiteLanguage) -> String {
        isHybrid
            ? language.localized("In person and online")
            : isOnline
                ? language.localized("Online")
                : venue == nil ? language.localized("Place to be announced") : language.localized("In person")
    }
}
