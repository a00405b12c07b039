import Foundation
import GRDB
import MeetupModel

/// The record's groups followed by Meetup's id, wherever a group is read (not only from events).
extension HistoryStore {
    /// Groups tonight's answers name by Meetup's id (a network's list, a batch of groups): a group
    /// the record knows by that id under another urlname was renamed (Meetup renames a deleted
    /// group's urlname, `muhq_deleted@4333@rladies-glasgow`), and takes the new one, keeping the
    /// old as a former name; every group named is seen tonight, not gone. Groups the record has
    /// no event of yet are left for their first event to add.
    /// A night on which no group was renamed or came back writes nothing: the record's urlnames
    /// are read, and only a change is written (the name and city stay as the events say them).
    package func follow(_ groups: [GroupActivity], now: Date) throws(HistoryError) {
        let named = groups.filter { $0.isFound && $0.id != nil }
        guard !named.isEmpty else { return }
        do {
            let known = try database.read { db in
                try Dictionary(
                    Row.fetchAll(db, sql: "SELECT key, urlname, goneSince FROM archiveGroup WHERE key LIKE 'id:%'")
                        .map { row -> (String, (urlname: String, gone: Bool)) in
                            (row["key"], (row["urlname"], (row["goneSince"] as Double?) != nil))
                        },
                    uniquingKeysWith: { first, _ in first })
            }
            let changed = named.filter { group in
                guard let id = group.id, let kept = known["id:" + id] else { return false }
                return kept.gone || kept.urlname.lowercased() != group.urlname.lowercased()
            }
            guard !changed.isEmpty else { return }
            try database.write { db in
                for group in changed {
                    guard let id = group.id else { continue }
                    if known["id:" + id]?.urlname.lowercased() != group.urlname.lowercased() {
                        try Self.writeGroup(
                            db, ArchivedGroupRef(id: id, urlname: group.urlname, name: group.name), city: nil,
                            country: nil, now: now)
                    }
                    try db.execute(
                        sql: "UPDATE archiveGroup SET goneSince = NULL WHERE key = ?", arguments: ["id:" + id])
                }
            }
        } catch {
            throw HistoryError(description: "cannot follow groups in the archive \(path.path) (\(error))")
        }
    }
}
