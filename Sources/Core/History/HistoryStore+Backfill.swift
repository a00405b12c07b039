import Foundation
import GRDB
import MeetupModel

/// Where one backfill scope (a network, or one group) stands.
package struct BackfillProgress: Sendable, Equatable {
    package var since: Date
    /// Where its list goes on; nil before the first request or when done.
    package var cursor: String?
    package var done: Bool
    package var requests: Int
    package var events: Int

    package init(since: Date, cursor: String? = nil, done: Bool = false, requests: Int = 0, events: Int = 0) {
        self.since = since
        self.cursor = cursor
        self.done = done
        self.requests = requests
        self.events = events
    }
}

extension HistoryStore {
    package func backfillProgress(_ scopes: [String]) throws(HistoryError) -> [String: BackfillProgress] {
        do {
            return try database.read { db in
                var found: [String: BackfillProgress] = [:]
                for scope in scopes {
                    guard
                        let row = try Row.fetchOne(
                            db, sql: "SELECT * FROM backfill WHERE scope = ?", arguments: [scope])
                    else { continue }
                    found[scope] = BackfillProgress(
                        since: Date(timeIntervalSince1970: row["since"]), cursor: row["cursor"], done: row["done"],
                        requests: row["requests"], events: row["events"])
                }
                return found
            }
        } catch {
            throw HistoryError(description: "cannot read the backfill's progress in \(path.path) (\(error))")
        }
    }

    /// Keeps a request's events and where its scopes stand, in one transaction: a backfill cut
    /// short after this request continues from here.
    package func saveBackfill(
        _ events: [ArchivedEvent], progress: [String: BackfillProgress], now: Date
    ) throws(HistoryError) {
        do {
            try database.write { db in
                try Self.writeArchive(db, events, now: now)
                for (scope, state) in progress {
                    try db.execute(
                        sql: """
                            INSERT INTO backfill (scope, since, cursor, done, requests, events, updatedAt)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT(scope) DO UPDATE SET since = excluded.since, cursor = excluded.cursor,
                              done = excluded.done, requests = excluded.requests, events = excluded.events,
                              updatedAt = excluded.updatedAt
                            """,
                        arguments: [
                            scope, state.since.timeIntervalSince1970, state.cursor, state.done, state.requests,
                            state.events, now.timeIntervalSince1970,
                        ])
                }
            }
        } catch {
            throw HistoryError(description: "cannot keep the backfill in \(path.path) (\(error))")
        }
    }
}
