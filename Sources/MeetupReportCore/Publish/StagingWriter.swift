import Foundation

/// Writes the site's files into the staging folder. A file whose bytes equal the
/// one already published is hard-linked from the published site instead of
/// rewritten, so it keeps its modification time and a sync to a static host
/// (rsync, `aws s3 sync`) uploads nothing when nothing changed.
public struct StagingWriter: Sendable {
    public let staging: URL
    /// The currently published site, if any.
    public let previous: URL?

    public init(staging: URL, previous: URL?) {
        self.staging = staging
        self.previous = previous
    }

    /// Returns how many files were reused unchanged from the previous site.
    @discardableResult
    public func write(_ files: [SiteFile]) throws(RenderError) -> Int {
        var reused = 0
        for file in files {
            let destination = staging.appendingPathComponent(file.path)
            do {
                try FileOperations.createDirectory(destination.deletingLastPathComponent())
                if let old = previous?.appendingPathComponent(file.path), isSame(file.contents, as: old),
                   link(old.path, destination.path) == 0 {
                    reused += 1
                    continue
                }
                switch file.contents {
                case .bytes(let data):
                    try FileOperations.write(data, to: destination)
                case .file(let source):
                    if link(source.path, destination.path) != 0 {
                        try FileManager.default.copyItem(at: source, to: destination)
                    }
                }
            } catch {
                throw .cannotWrite(destination.path, error.localizedDescription)
            }
        }
        return reused
    }

    private func isSame(_ contents: SiteFile.Contents, as old: URL) -> Bool {
        guard let oldSize = FileOperations.fileSize(old) else { return false }
        switch contents {
        case .bytes(let data):
            return data.count == oldSize && (try? Data(contentsOf: old)) == data
        case .file(let source):
            guard FileOperations.fileSize(source) == oldSize else { return false }
            return (try? Data(contentsOf: source)) == (try? Data(contentsOf: old))
        }
    }
}
