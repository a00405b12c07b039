import Foundation
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ReadOnlyFile`: parts of a file read when asked, and the whole of it read ahead.
@Suite("Read-only files")
struct ReadOnlyFileTests {
    /// A file the system evicted from its cache (as this machine's kernel does with what was not
    /// touched for a minute) is read from the disk by the read-ahead, and then read whole without
    /// another read from the disk. `posix_fadvise(WILLNEED)` read none of it here; this test fails
    /// for any call that does not read. (Counted by this thread's I/O: the kernel submits the
    /// reads before `readahead(2)` returns, but does not wait for them, so `mincore` cannot tell.)
    @Test func readingAheadReadsAnEvictedFileFromTheDisk() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("events.bin")
        // Two and a half of the 8 MB reads it is made of.
        let size = 20 << 20
        let block = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let content = Data((0..<size / block.count).map { _ in block }.joined())
        try content.write(to: url)
        try PageCache.evict(url)
        let evicted = try PageCache.residentFraction(url)
        try #require(evicted < 0.2, "the kernel kept \(evicted) of the file after it was evicted")
        let file = try #require(ReadOnlyFile(url))
        let before = try PageCache.bytesThisThreadReadFromDisk()
        file.readAhead()
        let readAhead = try PageCache.bytesThisThreadReadFromDisk() - before
        let bytes = file.bytes(at: 0, length: size)
        let readAfter = try PageCache.bytesThisThreadReadFromDisk() - before - readAhead
        #expect(readAhead >= size * 9 / 10, "read ahead: \(readAhead) bytes from the disk")
        #expect(readAfter <= size / 20, "read afterwards: \(readAfter) bytes from the disk")
        #expect(bytes.map { Data($0) } == content)
    }

    /// What parts are read: within the file as it was when opened, and nothing beyond.
    @Test func aPartOutsideTheFileIsNotRead() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("text")
        try Data("héllo".utf8).write(to: url)
        let file = try #require(ReadOnlyFile(url))
        #expect(file.string(at: 0, length: 6) == "héllo")
        #expect(file.bytes(at: 4, length: 3) == nil)
        #expect(file.bytes(at: -1, length: 1) == nil)
        #expect(ReadOnlyFile(folder.url) == nil, "a folder is not a regular file")
    }
}

/// The kernel's page cache, as a test sees it.
enum PageCache {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Drops the file's clean pages from the cache (written out first).
    static func evict(_ url: URL) throws {
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(url.path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0, posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0 else {
            throw Failure(description: "cannot evict \(url.path)")
        }
    }

    /// The bytes this thread has had read from storage (`/proc/thread-self/io`, `read_bytes`:
    /// counted when the kernel submits a read, whichever call asked for it).
    static func bytesThisThreadReadFromDisk() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("read_bytes: ") {
            if let value = Int(line.dropFirst("read_bytes: ".count)) { return value }
        }
        throw Failure(description: "/proc/thread-self/io has no read_bytes")
    }

    /// How much of the file is in the cache, from 0 to 1 (`mincore(2)` over a mapping of it).
    static func residentFraction(_ url: URL) throws -> Double {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(url.path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return 0 }
        let size = Int(status.st_size)
        guard let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else {
            throw Failure(description: "cannot map \(url.path)")
        }
        defer { munmap(mapping, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vector = [UInt8](repeating: 0, count: (size + page - 1) / page)
        guard mincore(mapping, size, &vector) == 0 else { throw Failure(description: "mincore failed") }
        return Double(vector.filter { $0 & 1 == 1 }.count) / Double(vector.count)
    }
}
