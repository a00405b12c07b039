import Foundation

/// What an editor keeps off the site: rules site-wide (`curation`) and per query
/// (`queries[].curation`). Pure values; `Curation` applies them.
public struct CurationRules: Sendable, Hashable {
    /// Online or in-person events only.
    public enum Attendance: String, Sendable, Hashable {
        case online
        case inPerson = "in-person"
    }

    /// Group urlnames, lowercased (urlnames are case-insensitive on meetup.com).
    public var excludeGroups: Set<String>
    public var excludeEvents: Set<String>
    /// Words and phrases, as written in the config (matched whole, ignoring case and accents).
    public var excludeWords: [String] {
        didSet { excludePhrases = excludeWords.map(WordMatcher.Phrase.init) }
    }
    /// `excludeWords`, each split into its words once.
    public private(set) var excludePhrases: [WordMatcher.Phrase] = []
    public var only: Attendance?
    /// For in-person events of a keyword search: the venue's great-circle distance from the
    /// search's point.
    public var maxDistanceMiles: Double?
    public var minRSVPs: Int?
    /// Where these rules stand in the config (`curation`, `queries[2].curation`), for `explain`.
    public var keyPath: String

    public init(
        excludeGroups: Set<String> = [], excludeEvents: Set<String> = [], excludeWords: [String] = [],
        only: Attendance? = nil, maxDistanceMiles: Double? = nil, minRSVPs: Int? = nil, keyPath: String = "curation"
    ) {
        self.excludeGroups = Set(excludeGroups.map { $0.lowercased() })
        self.excludeEvents = excludeEvents
        self.excludeWords = excludeWords
        excludePhrases = excludeWords.map(WordMatcher.Phrase.init)
        self.only = only
        self.maxDistanceMiles = maxDistanceMiles
        self.minRSVPs = minRSVPs
        self.keyPath = keyPath
    }

    public var isEmpty: Bool {
        excludeGroups.isEmpty && excludeEvents.isEmpty && excludeWords.isEmpty && only == nil
            && maxDistanceMiles == nil && minRSVPs == nil
    }
}

/// The rule that removed an event, in words a person can act on.
public struct Removal: Sendable, Hashable {
    /// One name per rule, the `--stats` figure is `removedBy<Rule>`.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        case excludeGroups, excludeEvents, excludeWords, only, maxDistanceMiles, minRSVPs
    }

    public var rule: Rule
    /// Where the rule stands in the config, e.g. `queries[1].curation.excludeWords`.
    public var keyPath: String
    /// What matched: `the word “bootcamp”`, `31.2 miles from the search's point (at most 15)`.
    public var detail: String

    public init(rule: Rule, keyPath: String, detail: String) {
        self.rule = rule
        self.keyPath = keyPath
        self.detail = detail
    }

    public var description: String { "\(keyPath): \(detail)" }
}
