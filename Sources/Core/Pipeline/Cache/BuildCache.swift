import Foundation
import GRDB
import MeetupSupport

/// The one build cache: what the render keeps from one night to the next, in one SQLite
/// database in the cache folder (`build.sqlite`, GRDB), owned here, with one rule for when it
/// is stale: a database another build or another schema wrote, or one that cannot be read, is
/// deleted, and the night renders cold. Nothing in it is the record (that is the state folder's):
/// deleting it costs one night's rendering.
///
/// It holds the render manifest (`BuildCache+RenderManifest`), what each kept search record
/// was made from (`BuildCache+SearchRecords`) and where Pagefind was found (`BuildCache+Programs`),
/// each a file of lines of its own before issue 64.
package final class BuildCache: Sendable {
    /// Raised whenever a table changes: a database with another schema is deleted, not migrated.
    static let schema = 3
    package let file: URL
    /// Nil when no database could be opened or made: nothing is kept, every night renders cold.
    let database: DatabaseQueue?
    /// Why the database in place was deleted tonight (`anotherBuild`, "unreadable (...)"), if it was.
    package let discarded: String?
    /// What `discarded` says of a database another build or schema wrote: every upgrade's first night.
    package static let anotherBuild = "another build's"

    /// - Parameter build: what wrote it (`BuildInfo.identity`: the binary's version and file).
    package init(cacheDirectory: URL, build: String = BuildInfo.identity) {
        file = CacheFolder.buildCache(cacheDirectory)
        (database, discarded) = Self.open(file, identity: "\(Self.schema) \(build)")
    }

    private static func open(_ file: URL, identity: String) -> (DatabaseQueue?, String?) {
        var discarded: String?
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let queue = try DatabaseQueue(path: file.path, configuration: configuration)
                let found = try queue.read { try String.fetchOne($0, sql: "SELECT identity FROM meta") }
                if found == identity { return (queue, nil) }
                try queue.close()
                discarded = anotherBuild
            } catch {
                discarded = "unreadable (\(error))"
            }
            FileOperations.removeDatabase(file)
        }
        do {
            try FileOperations.createDirectory(file.deletingLastPathComponent())
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            try queue.write { db in
                try create(db)
                try db.execute(sql: "INSERT INTO meta (identity) VALUES (?)", arguments: [identity])
            }
            return (queue, discarded)
        } catch {
            FileOperations.removeDatabase(file)
            return (nil, discarded ?? "cannot be made (\(error))")
        }
    }

    /// A cache needs no durability: a write cut short by a crash is rolled back by SQLite's
    /// journal, and one the system lost reads as unreadable, so the night renders cold.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        return configuration
    }

    private static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE meta (identity TEXT NOT NULL);
                CREATE TABLE render_item (id TEXT PRIMARY KEY NOT NULL, key TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE render_file (
                    item TEXT NOT NULL REFERENCES render_item (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL,
                    inode INTEGER NOT NULL, seconds INTEGER NOT NULL, nanoseconds INTEGER NOT NULL,
                    PRIMARY KEY (item, position)) WITHOUT ROWID;
                CREATE TABLE search_shard (shard TEXT PRIMARY KEY NOT NULL, key TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE search_record (
                    shard TEXT NOT NULL REFERENCES search_shard (shard) ON DELETE CASCADE,
                    name TEXT NOT NULL, input TEXT NOT NULL, size INTEGER NOT NULL,
                    PRIMARY KEY (shard, name)) WITHOUT ROWID;
                CREATE TABLE program (name TEXT PRIMARY KEY NOT NULL, asked TEXT NOT NULL, path TEXT NOT NULL)
                    WITHOUT ROWID;
                """)
    }
}
