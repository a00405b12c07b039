import Foundation

/// File writes that are never seen half-done: write beside the target, then rename.
public enum FileOperations {
    public static func createDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to a temporary file in the same folder and renames it over `url`.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        try createDirectory(url.deletingLastPathComponent())
        let temporary = temporarySibling(of: url)
        do {
            try data.write(to: temporary)
            try replace(url, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Copies `source` to `destination` through a temporary sibling and a rename.
    public static func copyAtomically(from source: URL, to destination: URL) throws {
        try createDirectory(destination.deletingLastPathComponent())
        let temporary = temporarySibling(of: destination)
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
            try replace(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Renames `temporary` over `destination` (rename(2) replaces atomically).
    public static func replace(_ destination: URL, with temporary: URL) throws {
        if rename(temporary.path, destination.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: destination.path,
                NSLocalizedDescriptionKey: "cannot rename into \(destination.path): \(String(cString: strerror(errno)))",
            ])
        }
    }

    /// A hidden name in the same folder, so the final rename never crosses file systems.
    public static func temporarySibling(of url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
    }

    public static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
    }
}
