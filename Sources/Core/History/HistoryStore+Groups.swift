import Foundation
import GRDB
import MeetupModel

/// The groups each query follows, as last read from Meetup (migration v3), so the groups
/// report is right on a night whose fetch fails and knows which groups crossed the
/// inactivity line since the last night.
extension HistoryStore {
    static func registerGroupsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3: groups followed") { db in
            try db.create(table: "groupActivity") { table in
                table.column("queryId", .text).notNull()
                table.column("urlname", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("name", .text).notNull()
                table.column("link", .text)
                table.column("city", .text)
                table.column("members", .integer)
                table.column("lastEventAt", .double)
                table.column("nextEventAt", .double)
                table.column("upcomingEvents", .integer)
                table.column("pastEvents", .integer)
                table.column("found", .boolean).notNull()
                table.column("seenAt", .double).notNull()
                table.primaryKey(["queryId", "urlname"])
            }
        }
        migrator.registerMigration("v4: groups judged") { db in
            try db.create(table: "groupJudgement") { table in
                table.column("queryId", .text).primaryKey()
                table.column("judgedAt", .double).notNull()
            }
        }
    }

    /// The groups last read for each of these queries, in the order they were read.
    package func earlierGroups(for queryIDs: [String]) throws(HistoryError) -> [String: GroupsReport.Earlier] {
        do {
            return try database.read { db in
                var earlier: [String: GroupsReport.Earlier] = [:]
                for queryID in queryIDs {
                    let rows = try Row.fetchAll(
                        db, sql: "SELECT * FROM groupActivity WHERE queryId = ? ORDER BY position", arguments: [queryID]
                    )
                    guard let seenAt = rows.first.map({ Date(timeIntervalSince1970: $0["seenAt"]) }) else { continue }
                    let judgedAt = try Double.fetchOne(
                        db, sql: "SELECT judgedAt FROM groupJudgement WHERE queryId = ?",
                        arguments: [queryID])
                    earlier[queryID] = GroupsReport.Earlier(
                        seenAt: seenAt, groups: rows.map(Self.group),
                        judgedAt: judgedAt.map(Date.init(timeIntervalSince1970:)))
                }
                return earlier
            }
        } catch {
            throw HistoryError(
                description:
                    "cannot read the groups kept in \(path.path) (\(error)); the groups report shows tonight's only")
        }
    }

    /// Tonight's report judged these queries' groups (and its digest named those that crossed).
    static func writeJudgement(_ db: Database, queryIDs: [String], now: Date) throws {
        for queryID in queryIDs {
            try db.execute(
                sql: "INSERT INTO groupJudgement (queryId, judgedAt) VALUES (?, ?) "
                    + "ON CONFLICT(queryId) DO UPDATE SET judgedAt = excluded.judgedAt",
                arguments: [queryID, now.timeIntervalSince1970])
        }
    }

    /// Replaces each query's groups with tonight's (a group no longer followed goes).
    static func writeGroups(_ db: Database, _ groups: [String: [GroupActivity]], now: Date) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO groupActivity (queryId, urlname, position, name, link, city, members, lastEventAt, nextEventAt,
                  upcomingEvents, pastEvents, found, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (queryID, list) in groups {
            try db.execute(sql: "DELETE FROM groupActivity WHERE queryId = ?", arguments: [queryID])
            var seen = Set<String>()
            for (position, group) in list.enumerated() where seen.insert(group.urlname.lowercased()).inserted {
                try insert.execute(arguments: [
                    queryID, group.urlname, position, group.name, group.link?.absoluteString, group.city, group.members,
                    group.lastEventAt?.timeIntervalSince1970, group.nextEventAt?.timeIntervalSince1970,
                    group.upcomingEvents, group.pastEvents, group.isFound, now.timeIntervalSince1970,
                ])
            }
        }
    }

    private static func group(_ row: Row) -> GroupActivity {
        GroupActivity(
            urlname: row["urlname"], name: row["name"], link: (row["link"] as String?).flatMap(URL.init(string:)),
            city: row["city"], members: row["members"],
            lastEventAt: (row["lastEventAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            nextEventAt: (row["nextEventAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            upcomingEvents: row["upcomingEvents"], pastEvents: row["pastEvents"], isFound: row["found"])
    }
}
