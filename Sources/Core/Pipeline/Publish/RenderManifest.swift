import Foundation
import MeetupSupport

/// Last night's render manifest on disk (`render/manifest.tsv`): a header line, then for each
/// item a line `id<TAB>key` followed by a line `<TAB>path<TAB>size<TAB>inode<TAB>seconds<TAB>nanoseconds`
/// for each of its files, and last a line `#end<TAB>items` (a manifest cut short is no manifest).
/// Lines, not JSON: W2's manifest (29,000 items, 50,000 files) was
/// 10.8 MB of JSON, parsed into a tree of 142,000 allocations beside its bytes and the table
/// made from it, at the top of the render's heap under heaptrack. Read line by line, only the
/// table is built. An item whose id starts with `#` or whose id, key or paths hold a tab or a
/// line break is left out, as is one with a file that cannot be stamped: made again the next night.
extension RenderMemo {
    static let manifestHeader = "meetup-report render manifest 2"

    static func writeManifest(_ items: [String: Item], to file: URL, stamp: (String) -> Stamp?) throws {
        let output = try BufferedFile(replacing: file, mode: 0o600)
        output.append(manifestHeader + "\n")
        var written = 0
        for id in items.keys.sorted() {
            guard let item = items[id], !id.hasPrefix("#"), isPlain(id), isPlain(item.key) else { continue }
            var lines = id + "\t" + item.key + "\n"
            for file in item.files {
                guard isPlain(file.path), let stamp = file.stamp ?? stamp(file.path) else {
                    lines = ""
                    break
                }
                lines += "\t\(file.path)\t\(stamp.size)\t\(stamp.inode)\t\(stamp.seconds)\t\(stamp.nanoseconds)\n"
            }
            output.append(lines)
            written += lines.isEmpty ? 0 : 1
        }
        output.append("#end\t\(written)\n")
        try output.commit()
    }

    /// A missing, damaged, cut short or other manifest is an empty one: everything is made.
    static func readManifest(_ file: URL) -> [String: Item] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        var items: [String: Item] = [:]
        var current: (id: String, item: Item)?
        var header = true, ended = false
        func finish() {
            if let current { items[current.id] = current.item }
            current = nil
        }
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            if header {
                guard fields == [manifestHeader] else { return [:] }
                header = false
            } else if ended {
                return [:]
            } else if fields.first == "#end" {
                finish()
                guard fields.count == 2, Int(fields[1]) == items.count else { return [:] }
                ended = true
            } else if fields.first == "" {
                guard fields.count == 6, let size = Int64(fields[2]), let inode = UInt64(fields[3]),
                    let seconds = Int(fields[4]), let nanoseconds = Int(fields[5])
                else { return [:] }
                guard current != nil else { return [:] }
                current?.item.files.append(
                    File(
                        path: fields[1],
                        stamp: Stamp(size: size, inode: inode, seconds: seconds, nanoseconds: nanoseconds)))
            } else {
                finish()
                guard fields.count == 2 else { return [:] }
                current = (fields[0], Item(key: fields[1], files: []))
            }
        }
        return ended ? items : [:]
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}
