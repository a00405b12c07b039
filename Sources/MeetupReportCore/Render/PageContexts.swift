import Foundation

/// Everything the site is rendered from. Pure data: rendering is a function of it.
public struct SiteInput: Sendable {
    public var config: ReportConfig
    public var fetched: FetchedEvents
    public var thumbnails: [URL: Thumbnail]
    public var generatedAt: Date

    public init(config: ReportConfig, fetched: FetchedEvents, thumbnails: [URL: Thumbnail], generatedAt: Date) {
        self.config = config
        self.fetched = fetched
        self.thumbnails = thumbnails
        self.generatedAt = generatedAt
    }
}

/// Builds the Mustache contexts of each page: the rendering decisions (order,
/// grouping, wording, which picture) live here, apart from templates and IO.
/// Untrusted strings stay raw here; templates escape them for their format.
/// Values rendered with `{{{…}}}` are built here from trusted parts only.
struct PageContexts {
    static let placeholderPath = "assets/placeholder.svg"

    let input: SiteInput
    let formatting: EventFormatting

    init(input: SiteInput) {
        self.input = input
        formatting = EventFormatting(siteTimeZone: input.config.timeZone)
    }

    static func queryPagePath(_ query: EventQuery) -> String { "queries/\(query.id)" }

    var placeholderSize: PixelSize {
        PixelSize(width: input.config.thumbnailWidth, height: input.config.thumbnailWidth * 2 / 3)
    }

    func index() -> [String: Any] {
        let queries: [[String: Any]] = input.fetched.outcomes.map { entry in
            [
                "title": entry.query.title,
                "keyword": entry.query.keyword,
                "area": area(of: entry.query),
                "link": "<\(Self.queryPagePath(entry.query)).html>",
                "count": EventFormatting.count(entry.outcome.events.count, "event", "events"),
            ]
        }
        return [
            "siteTitle": input.config.siteTitle,
            "generatedAt": formatting.generatedAt(input.generatedAt),
            "totalEvents": EventFormatting.count(input.fetched.distinctEvents.count, "upcoming event", "upcoming events"),
            "queries": queries,
        ]
    }

    func queryPage(_ query: EventQuery, events: [Event]) -> [String: Any] {
        let ordered = events.sorted { ($0.start.date, $0.id) < ($1.start.date, $1.id) }
        var days: [[String: Any]] = []
        var currentDay: Date?
        var currentEvents: [[String: Any]] = []
        func flush() {
            if let currentDay { days.append(["heading": formatting.dayHeading(currentDay), "events": currentEvents]) }
        }
        for event in ordered {
            let day = formatting.siteDay(of: event.start.date)
            if day != currentDay {
                flush()
                currentDay = day
                currentEvents = []
            }
            currentEvents.append(eventContext(event, root: "../"))
        }
        flush()
        return [
            "title": query.title,
            "keyword": query.keyword,
            "area": area(of: query),
            "count": EventFormatting.count(ordered.count, "upcoming event", "upcoming events"),
            "days": days,
            "isEmpty": ordered.isEmpty,
            "root": "../",
        ]
    }

    private func eventContext(_ event: Event, root: String) -> [String: Any] {
        let thumbnail = event.displayPhotoURL.flatMap { input.thumbnails[$0] }
        var context: [String: Any] = [
            "title": event.title,
            "time": formatting.eventTime(start: event.start, end: event.end),
            "location": EventFormatting.location(of: event),
            "image": "<\(root)\(thumbnail.map { "thumbs/\($0.publishedName)" } ?? Self.placeholderPath)>",
            "alt": thumbnail == nil ? "No photo available" : "Photo of \(event.group?.name ?? event.title)",
        ]
        if let destination = event.eventURL.flatMap(MarkdownEscaping.linkDestination) { context["url"] = destination }
        if let group = event.group { context["group"] = group.name }
        if let count = event.rsvpCount { context["going"] = "\(count) going" }
        let excerpt = TextCleaning.excerpt(event.description)
        if !excerpt.isEmpty { context["excerpt"] = excerpt }
        return context
    }

    private func area(of query: EventQuery) -> String {
        String(format: "within %@ mi of %.3f, %.3f", ConfigReader.format(query.radiusMiles), query.latitude, query.longitude)
    }
}
