import Foundation
import GRDB

/// Where a program that is found by asking another one was found: Pagefind, which PyPI's
/// `pagefind-bin` ships inside a Python package, is found by starting Python, a start-up the
/// night need not pay again while the same Python and the same binary are where they were.
/// It was a file of two lines of its own (`render/pagefind`) before issue 64.
extension BuildCache {
    /// The binary `name` was found at when `asked` was asked, while both are still there.
    func program(_ name: String, askedOf asked: String) -> String? {
        guard
            let found = try? database?.read({ db in
                try String.fetchOne(
                    db, sql: "SELECT path FROM program WHERE name = ? AND asked = ?", arguments: [name, asked])
            }),
            FileManager.default.isExecutableFile(atPath: asked), FileManager.default.isExecutableFile(atPath: found)
        else { return nil }
        return found
    }

    /// Remembers that `asked` said `name` is at `path`; a failure only costs asking again.
    func rememberProgram(_ name: String, askedOf asked: String, at path: String) {
        _ = try? database?.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO program (name, asked, path) VALUES (?, ?, ?)",
                arguments: [name, asked, path])
        }
    }
}
