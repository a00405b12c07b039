import Foundation

/// What a new chapter can learn from the others, as R-Ladies' new-chapter guide reads the
/// record: over the last twelve closed months, which categories of the vocabulary many groups
/// ran (reach) and which drew a crowd (pull: the median of how many went), which levels and
/// formats drew one, and which chapters got going and stayed busy. Pure; a network event
/// counts once; a figure resting on fewer than `fewEvents` events is marked as such.
package struct ChapterGuide: Sendable {
    package struct Draw: Sendable, Equatable {
        package var name: String
        /// Groups that ran it at least once.
        package var groups: Int
        package var events: Int
        /// The median of how many went, over its events that say.
        package var medianGoing: Double?

        /// Too few events for its median to mean much.
        package var isFew: Bool { events < ChapterGuide.fewEvents }
    }

    package struct Chapter: Sendable, Equatable {
        package var name: String
        package var urlname: String?
        package var events: Int
        package var medianGoing: Double?
        /// Its first event in the whole record.
        package var first: Date
    }

    package static let fewEvents = 10
    /// The events of an event that names no level or no format.
    package static let noLevel = "Not said", noFormat = "Other or mixed"

    /// The twelve closed months (the month under way left out: its events have not all happened).
    package let window: ReportPeriods.Period
    package let events: Int
    package let groups: Int
    /// Every category events named, most groups first.
    package let topics: [Draw]
    /// Each level, the most advanced an event names; then the events naming none.
    package let levels: [Draw]
    /// Each format, the first the vocabulary lists that an event names; then the rest.
    package let formats: [Draw]
    /// The 15 groups with the most events in the window.
    package let chapters: [Chapter]

    package init(entries: [RecordEntry], now: Date, zone: TimeZone, vocabulary: TopicVocabulary = .standard) {
        let window = ReportPeriods(now: now, zone: zone).closedMonths(12)
        self.window = window
        let inWindow = entries.filter { $0.event.start.date >= window.start && $0.event.start.date < window.end }
        let named = inWindow.map { ($0, vocabulary.categories(of: $0.event.title)) }
        events = inWindow.count
        groups = Set(inWindow.flatMap { $0.groups.compactMap(\.key) }).count
        topics = Self.draws(named.flatMap { entry, categories in categories.map { ($0.name, entry) } })
            .sorted { ($1.groups, $1.events, $0.name) < ($0.groups, $0.events, $1.name) }
        let levelOrder = vocabulary.categories.filter { $0.kind == .level }.map(\.name).reversed()
        levels = Self.draws(
            named.map { entry, categories in
                (levelOrder.first { name in categories.contains { $0.name == name } } ?? Self.noLevel, entry)
            }, order: Array(levelOrder) + [Self.noLevel])
        let formatOrder = vocabulary.categories.filter { $0.kind == .format }.map(\.name)
        formats = Self.draws(
            named.map { entry, categories in
                (categories.first { $0.kind == .format }?.name ?? Self.noFormat, entry)
            }, order: formatOrder + [Self.noFormat])
        chapters = Self.chapters(inWindow, all: entries)
    }

    /// Each name's groups, events and median going; in `order` where given, else by name.
    private static func draws(_ pairs: [(String, RecordEntry)], order: [String]? = nil) -> [Draw] {
        let byName = Dictionary(grouping: pairs, by: \.0)
        let names = order?.filter { byName[$0] != nil } ?? byName.keys.sorted()
        return names.compactMap { name in
            guard let pairs = byName[name] else { return nil }
            return Draw(
                name: name, groups: Set(pairs.flatMap { $0.1.groups.compactMap(\.key) }).count, events: pairs.count,
                medianGoing: RecordReports.median(pairs.compactMap(\.1.going)))
        }
    }

    private static func chapters(_ inWindow: [RecordEntry], all: [RecordEntry]) -> [Chapter] {
        var first: [String: Date] = [:]
        for entry in all {
            for key in entry.groups.compactMap(\.key) {
                first[key] = min(first[key] ?? .distantFuture, entry.event.start.date)
            }
        }
        var byKey: [String: (group: ArchivedGroupRef, going: [Int], events: Int)] = [:]
        // A group's own copy of a network event says how many went to it.
        for entry in inWindow {
            var seen = Set<String>()
            for copy in entry.copies {
                guard let group = copy.group, let key = group.key, seen.insert(key).inserted else { continue }
                byKey[key, default: (group, [], 0)].events += 1
                if let going = copy.going { byKey[key]?.going.append(going) }
            }
        }
        return byKey.map { key, item in
            Chapter(
                name: item.group.name, urlname: item.group.urlname, events: item.events,
                medianGoing: RecordReports.median(item.going), first: first[key] ?? .distantFuture)
        }.sorted { ($1.events, $0.name) < ($0.events, $1.name) }.prefix(15).map { $0 }
    }

    /// Whether explicitly beginners' events draw at least as many as the median of the other
    /// levels' medians (the figures resting on few events left out); nil when either is unknown.
    package var beginnersHoldTheirOwn: Bool? {
        let reliable = levels.filter { !$0.isFew }
        guard let beginners = reliable.first(where: { $0.name == "Beginners" })?.medianGoing,
            let others = RecordReports.median(reliable.filter { $0.name != "Beginners" }.compactMap(\.medianGoing))
        else { return nil }
        return beginners >= others
    }
}

extension RecordReports {
    package func guide(_ vocabulary: TopicVocabulary = .standard) -> ChapterGuide {
        ChapterGuide(entries: entries, now: now, zone: zone, vocabulary: vocabulary)
    }
}
