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

    /// Written in the table's order (the reader makes a table again) and as bytes: sorted and
    /// built as strings, W2's 29,000 items and 50,000 files were 85 ms of every publish (perf).
    static func writeManifest(_ items: [String: Item], to file: URL, stamp: (String) -> Stamp?) throws {
        let output = try BufferedFile(replacing: file, mode: 0o600)
        output.append(manifestHeader + "\n")
        var written = 0
        var lines: [UInt8] = []
        lines.reserveCapacity(1 << 12)
        let (tab, newline) = (UInt8(ascii: "\t"), UInt8(ascii: "\n"))
        func put(_ text: String, then separator: UInt8) {
            lines.append(contentsOf: text.utf8)
            lines.append(separator)
        }
        for (id, item) in items where !id.hasPrefix("#") && isPlain(id) && isPlain(item.key) {
            put(id, then: tab)
            put(item.key, then: newline)
            var complete = true
            for file in item.files {
                guard isPlain(file.path), let stamp = file.stamp ?? stamp(file.path) else {
                    complete = false
                    break
                }
                lines.append(tab)
                put(file.path, then: tab)
                put(String(stamp.size), then: tab)
                put(String(stamp.inode), then: tab)
                put(String(stamp.seconds), then: tab)
                put(String(stamp.nanoseconds), then: newline)
            }
            if complete {
                output.append(&lines)
                written += 1
            } else {
                lines.removeAll(keepingCapacity: true)
            }
        }
        output.append("#end\t\(written)\n")
        try output.commit()
    }

    /// A missing, damaged, cut short or other manifest is an empty one: everything is made.
    /// Read as bytes, a line and a field at a time: `Data.split` into fields made into strings
    /// was 18 % of a W2 next night's render (perf), for W2's 29,000 items and 50,000 files.
    static func readManifest(_ file: URL) -> [String: Item] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var reader = ManifestReader(bytes.bindMemory(to: UInt8.self))
            return reader.items() ?? [:]
        }
    }

    private static func isPlain(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}

/// The manifest's lines over its bytes: nil for anything but a whole, well-formed manifest.
private struct ManifestReader {
    typealias Memo = RenderMemo
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func items() -> [String: Memo.Item]? {
        guard let first = nextLine(), text(first) == Memo.manifestHeader else { return nil }
        var items: [String: Memo.Item] = [:]
        var current: (id: String, item: Memo.Item)?
        while let line = nextLine() {
            let parts = fields(line)
            if parts.count == 2, text(parts[0]) == "#end" {
                if let current { items[current.id] = current.item }
                guard integer(parts[1]) == items.count, nextLine() == nil else { return nil }
                return items
            } else if parts[0].isEmpty {
                guard parts.count == 6, current != nil, let size = integer(parts[2]), let inode = unsigned(parts[3]),
                    let seconds = integer(parts[4]), let nanoseconds = integer(parts[5])
                else { return nil }
                let stamp = Memo.Stamp(size: Int64(size), inode: inode, seconds: seconds, nanoseconds: nanoseconds)
                current?.item.files.append(Memo.File(path: text(parts[1]), stamp: stamp))
            } else {
                guard parts.count == 2, text(parts[0]) != "#end" else { return nil }
                if let current { items[current.id] = current.item }
                current = (text(parts[0]), Memo.Item(key: text(parts[1]), files: []))
            }
        }
        return nil  // no end line: cut short
    }

    struct Slice: Equatable {
        var start: Int, end: Int
        var isEmpty: Bool { start == end }
    }

    /// The next non-empty line, without its line break.
    mutating func nextLine() -> Slice? {
        while position < bytes.count {
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            let line = Slice(start: start, end: position)
            position += 1
            if !line.isEmpty { return line }
        }
        return nil
    }

    func fields(_ line: Slice) -> [Slice] {
        var parts: [Slice] = []
        var start = line.start
        for index in line.start..<line.end where bytes[index] == UInt8(ascii: "\t") {
            parts.append(Slice(start: start, end: index))
            start = index + 1
        }
        parts.append(Slice(start: start, end: line.end))
        return parts
    }

    func text(_ slice: Slice) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[slice.start..<slice.end]), as: UTF8.self)
    }

    /// A decimal integer, optionally negative, the whole field; nil for anything else or one too large.
    func integer(_ slice: Slice) -> Int? {
        guard !slice.isEmpty, bytes[slice.start] == UInt8(ascii: "-") else {
            return unsigned(slice).flatMap { Int(exactly: $0) }
        }
        return unsigned(Slice(start: slice.start + 1, end: slice.end)).flatMap { Int(exactly: $0) }.map { -$0 }
    }

    /// Decimal digits, the whole field; nil for anything else or one too large.
    func unsigned(_ slice: Slice) -> UInt64? {
        guard !slice.isEmpty else { return nil }
        var value: UInt64 = 0
        for index in slice.start..<slice.end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
