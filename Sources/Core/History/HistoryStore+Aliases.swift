import Foundation
import GRDB
import MeetupModel

/// Meetup's `id` of an event is "unique but unstable": a recurring event may change it, while
/// its `token` stays. Events are kept by their lasting id (`Event.id`, the token); the Meetup
/// ids each had (migration v5) let a config's pin or note written for an earlier id find it, and
/// a history written before tokens were asked for is carried over (`adoptTokens`).
extension HistoryStore {
    static func registerAliasMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: event aliases") { db in
            try db.create(table: "eventAlias") { table in
                table.column("alias", .text).primaryKey()
                table.column("eventId", .text).notNull()
            }
        }
    }

    /// The Meetup ids each of these events had on earlier nights (not the ones they have tonight).
    package func formerIDs(of events: [Event]) throws(HistoryError) -> [String: [String]] {
        do {
            return try database.read { db in
                var former: [String: [String]] = [:]
                let ids = Set(events.map(\.id))
                for row in try Row.fetchAll(db, sql: "SELECT alias, eventId FROM eventAlias ORDER BY alias") {
                    let (alias, id): (String, String) = (row["alias"], row["eventId"])
                    if ids.contains(id) { former[id, default: []].append(alias) }
                }
                for event in events { former[event.id]?.removeAll { $0 == event.meetupID } }
                return former.filter { !$0.value.isEmpty }
            }
        } catch {
            throw HistoryError(
                description:
                    "cannot read the event aliases in \(path.path) (\(error)); pins and notes use tonight's ids")
        }
    }

    /// Tonight's events whose history is kept under another of their names (a Meetup id, from a
    /// night before tokens were asked for): their rows are moved to the lasting id, once.
    static func adoptTokens(_ db: Database, events: [Event]) throws {
        for event in events {
            for alias in event.identifiers.dropFirst() where alias != event.id {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM event WHERE id = ?", arguments: [alias]) == true,
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM event WHERE id = ?", arguments: [event.id]) != true
                else { continue }
                // Copied, its memberships moved, then the old row deleted: `eventQuery` references it.
                try db.execute(
                    sql: """
                        INSERT INTO event (id, firstSeen, lastSeen, title, start, utcOffset, venue, place, url)
                        SELECT ?, firstSeen, lastSeen, title, start, utcOffset, venue, place, url FROM event WHERE id = ?
                        """, arguments: [event.id, alias])
                try db.execute(
                    sql: "UPDATE OR IGNORE eventQuery SET eventId = ? WHERE eventId = ?", arguments: [event.id, alias])
                try db.execute(sql: "DELETE FROM event WHERE id = ?", arguments: [alias])
                try db.execute(sql: "UPDATE change SET eventId = ? WHERE eventId = ?", arguments: [event.id, alias])
            }
            if let meetupID = event.meetupID {
                try db.execute(
                    sql: "INSERT INTO eventAlias (alias, eventId) VALUES (?, ?) "
                        + "ON CONFLICT(alias) DO UPDATE SET eventId = excluded.eventId",
                    arguments: [meetupID, event.id])
            }
        }
    }
}
