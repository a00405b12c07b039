import Foundation
import MeetupModel
import MeetupSupport

/// What one group's page shows, and nothing more: the page is rendered from this value alone
/// (with the site's settings and templates, which every key holds), and its render key is the
/// hash of its encoding, so whatever is added here is in the key without anyone listing it.
/// What the page says of the night (how quiet the group is, the quarter under way, the month
/// its year runs to) is worked out here, once, from the night's moment, so the page changes
/// with those and not with the clock.
struct GroupPage: Sendable, Encodable {
    /// An event of the group's still to come, as the page lists it.
    struct Upcoming: Sendable, Encodable {
        var id: String
        var title: String
        var start: Date
    }

    /// A quarter and its events, for the chart and its table.
    struct Quarter: Sendable, Encodable {
        var quarter: String
        var count: Int
    }

    /// The group as its page says it: not the record's whole group, whose `lastSeen` moves
    /// every night it is seen (keyed whole, every group's page was made again every night).
    struct Group: Sendable, Encodable {
        var urlname: String
        var name: String
        var city: String?
        var country: String?
        var formerUrlnames: [String]
        var goneSince: Date?
    }

    var group: Group
    /// Its past events, oldest first.
    var past: [ArchivedEvent]
    var upcoming: [Upcoming]
    /// Its members, when the groups report knows them.
    var members: Int?
    /// The site has an archive (the page's menu links it).
    var hasArchive: Bool
    /// No event for `GroupPages.quietAfterDays` since its last, and none to come.
    var isQuiet: Bool
    var thisYear: GroupYear?
    /// Its events per quarter, from its first past event's to the one under way.
    var quarters: [Quarter]
    /// For a past network event held in other groups too: how many groups held it, by event id.
    var networkGroups: [String: Int]

    init(
        group: ArchivedGroup, past: [ArchivedEvent], upcoming: [Event], members: Int?, hasArchive: Bool,
        now: Date, zone: TimeZone, networkGroups: [String: Int]
    ) {
        self.group = Group(
            urlname: group.urlname, name: group.name, city: group.city, country: group.country,
            formerUrlnames: group.formerUrlnames, goneSince: group.goneSince)
        self.past = past
        self.upcoming = upcoming.map { Upcoming(id: $0.id, title: $0.title, start: $0.start.date) }
        self.members = members
        self.hasArchive = hasArchive
        let last = past.last { !$0.isCancelled }
        isQuiet =
            upcoming.isEmpty
            && last.map { Int(now.timeIntervalSince($0.start.date) / 86_400) > GroupPages.quietAfterDays } == true
        thisYear = GroupYear(past: past, now: now, zone: zone)
        quarters =
            past.isEmpty
            ? []
            : CommunityRecord.quarters(of: past.map(\.start.date), through: now, in: zone).map {
                Quarter(quarter: $0.quarter, count: $0.count)
            }
        var shared: [String: Int] = [:]
        for event in past {
            if let network = event.networkEventID, let count = networkGroups[network], count > 1 {
                shared[event.id] = count
            }
        }
        self.networkGroups = shared
    }

    /// The key of the page's files: the site's (settings, templates, this binary) and this value.
    func key(site: String) -> String {
        ContentHash.Builder(site, "group page 3", ContentHash.of(self, kind: "group page")).hex()
    }
}
