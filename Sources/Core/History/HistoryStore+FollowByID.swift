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
    package func follow(_ groups: [GroupActivity], now: Date) throws(HistoryError) {
        let named = groups.filter { $0.isFound && $0.id != nil }
        guard !named.isEmpty else { return }
        do {
            try database.write { db in
                for group in named {
                    guard let id = group.id,
                        try Row.fetchOne(db, sql: "SELECT key FROM archiveGroup WHERE key = ?", arguments: ["id:" + id])
                            != nil
                    else { continue }
                    try Self.writeGroup(
                        db, ArchivedGroupRef(id: id, urlname: group.urlname, name: group.name), city: group.city,
                        country: nil, now: now)
                    try db.execute(
                        sql: "UPDATE archiveGroup SET goneSince = NULL WHERE key = ?", arguments: ["id:" + id])
                }
            }
        } catch {
            throw HistoryError(description: "cannot follow groups in the archive \(path.path) (\(error))")
        }
    }
}
