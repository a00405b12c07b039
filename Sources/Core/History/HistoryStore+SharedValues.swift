import Foundation

extension HistoryStore {
    /// What many rows of the record hold alike, parsed once: their list of queries and their
    /// photo (W2's 10,000 events hold 20 lists and 2,000 photos). Parsing each row's own was about
    /// 30 ms of W2's next night (perf, 2 kHz).
    struct SharedValues {
        var queryIDs: [String: [String]] = [:]
        var photos: [String: URL] = [:]

        mutating func queryIDs(_ text: String?) -> [String] {
            guard let text else { return [] }
            if let known = queryIDs[text] { return known }
            let parsed = HistoryStore.strings(text)
            queryIDs[text] = parsed
            return parsed
        }

        mutating func photo(_ text: String?) -> URL? {
            guard let text else { return nil }
            if let known = photos[text] { return known }
            let parsed = URL(string: text)
            photos[text] = parsed
            return parsed
        }
    }
}
