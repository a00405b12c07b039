import Foundation

/// What is known of one group a query follows: who it is and how active it is, from the
/// network's analytics or, for a list of groups, from its events. Everything but the
/// urlname is optional: the API omits parts, and a group it does not know is only a name.
package struct GroupActivity: Sendable, Hashable {
    package var urlname: String
    package var name: String
    /// Its page on meetup.com (only ever an http(s) URL).
    package var link: URL?
    package var city: String?
    package var members: Int?
    /// When its latest event that has started began (nil: none known).
    package var lastEventAt: Date?
    /// When its next event starts (nil: none scheduled, or none in the query's window).
    package var nextEventAt: Date?
    package var upcomingEvents: Int?
    package var pastEvents: Int?
    /// False when Meetup answered that no group has this urlname (renamed or closed).
    package var isFound: Bool
    /// Meetup's id of the group, when the answer gave it: it lasts when the urlname changes.
    package var id: String?

    package init(
        urlname: String, name: String? = nil, link: URL? = nil, city: String? = nil, members: Int? = nil,
        lastEventAt: Date? = nil, nextEventAt: Date? = nil, upcomingEvents: Int? = nil, pastEvents: Int? = nil,
        isFound: Bool = true
    ) {
        self.urlname = urlname
        self.name = name ?? urlname
        self.link = link
        self.city = city
        self.members = members
        self.lastEventAt = lastEventAt
        self.nextEventAt = nextEventAt
        self.upcomingEvents = upcomingEvents
        self.pastEvents = pastEvents
        self.isFound = isFound
    }

    /// A group Meetup does not know.
    package static func missing(_ urlname: String) -> GroupActivity {
        GroupActivity(urlname: urlname, isFound: false)
    }

    /// As of `now`, from what was seen at an earlier run: a "next" event that has since
    /// begun is the latest event now, so a night whose fetch fails still tells the truth.
    package func asOf(_ now: Date) -> GroupActivity {
        guard let next = nextEventAt, next <= now else { return self }
        var current = self
        current.lastEventAt = max(lastEventAt ?? next, next)
        current.nextEventAt = nil
        current.upcomingEvents = upcomingEvents.map { max(0, $0 - 1) }
        current.pastEvents = pastEvents.map { $0 + 1 }
        return current
    }

    /// Whole days from the latest event to `now`; nil when it never had one.
    package func daysSinceLastEvent(at now: Date) -> Int? {
        lastEventAt.map { max(0, Int(now.timeIntervalSince($0) / 86_400)) }
    }

    /// Needs its organisers' attention: not found, or no event for `inactiveAfterDays`
    /// (a group that never had one counts once it has existed that long, which the API
    /// does not say, so always, unless one is scheduled: a group whose calendar feed is read
    /// knows no past, and a new group's first event is not a quiet group).
    package func needsAttention(at now: Date, inactiveAfterDays: Int) -> Bool {
        guard isFound else { return true }
        // A group with an event scheduled is not quiet, however long ago its last one was.
        guard nextEventAt == nil else { return false }
        guard let days = daysSinceLastEvent(at: now) else { return true }
        return days >= inactiveAfterDays
    }

    /// Tonight's answer, with what an earlier night knew filling what tonight's lacks
    /// (tonight's is the API's word and wins where it has one).
    package func filled(from earlier: GroupActivity?, at now: Date) -> GroupActivity {
        guard let earlier = earlier?.asOf(now), isFound else { return self }
        var filled = self
        filled.lastEventAt = lastEventAt ?? earlier.lastEventAt
        filled.link = link ?? earlier.link
        filled.city = city ?? earlier.city
        filled.members = members ?? earlier.members
        return filled
    }
}
