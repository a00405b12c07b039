import Foundation

/// What an editor keeps off the site: rules site-wide (`curation`) and per query
/// (`queries[].curation`). Pure values; `Curation` applies them.
package struct CurationRules: Sendable, Hashable {
    /// Online or in-person events only.
    package enum Attendance: String, Sendable, Hashable {
        case online
        case inPerson = "in-person"
    }

    /// Group urlnames, lowercased (urlnames are case-insensitive on meetup.com).
    package var excludeGroups: Set<String>
    package var excludeEvents: Set<String>
    /// Words and phrases, as written in the config (matched whole, ignoring case and accents).
    package var excludeWords: [String] {
        didSet { excludePhrases = excludeWords.map(WordMatcher.Phrase.init) }
    }
    /// `excludeWords`, each split into its words once.
    package private(set) var excludePhrases: [WordMatcher.Phrase] = []
    package var only: Attendance?
    /// For in-person events of a keyword search: the venue's great-circle distance from the
    /// search's point.
    package var maxDistanceMiles: Double?
    package var minRSVPs: Int?
    /// Where these rules stand in the config (`curation`, `queries[2].curation`), for `explain`.
    package var keyPath: String

    package init(
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

    package var isEmpty: Bool {
        excludeGroups.isEmpty && excludeEvents.isEmpty && excludeWords.isEmpty && only == nil
            && maxDistanceMiles == nil && minRSVPs == nil
    }
}

/// The rule that removed an event, in words a person can act on.
package struct Removal: Sendable, Hashable {
    /// One name per rule, the `--stats` figure is `removedBy<Rule>`.
    package enum Rule: String, Sendable, Hashable, CaseIterable {
        case excludeGroups, excludeEvents, excludeWords, only, maxDistanceMiles, minRSVPs
    }

    package var rule: Rule
    /// Where the rule stands in the config, e.g. `queries[1].curation.excludeWords`.
    package var keyPath: String
    /// What matched: `the word “bootcamp”`, `31.2 miles from the search's point (at most 15)`.
    package var detail: String

    package init(rule: Rule, keyPath: String, detail: String) {
        self.rule = rule
        self.keyPath = keyPath
        self.detail = detail
    }

    package var description: String { "\(keyPath): \(detail)" }
}
