import Foundation

/// What the config says about the record's reports (config key `reports`): how far back a
/// group counts as active in the chapter health report, and the categories a community adds
/// to the topic vocabulary (its own tools, its own languages' words).
package struct ReportSettings: Sendable, Equatable, Encodable {
    /// The chapter health report's window: a group with an event in these months is active.
    package var healthWindowMonths = 6
    /// Categories added to `TopicVocabulary.standard`; one with a shipped category's name adds
    /// its terms to that category.
    package var topics: [TopicVocabulary.Category] = []

    package init(healthWindowMonths: Int = 6, topics: [TopicVocabulary.Category] = []) {
        self.healthWindowMonths = healthWindowMonths
        self.topics = topics
    }

    /// The shipped vocabulary with the config's categories added.
    package var vocabulary: TopicVocabulary { TopicVocabulary.standard.adding(topics) }
}
