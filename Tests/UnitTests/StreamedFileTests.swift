import Foundation
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// `StreamedFile`: a file put in place whole or not at all, its descriptor closed either way.
@Suite("Streamed file: written whole through a temporary, or not at all")
struct StreamedFileTests {
    struct Stop: Error {}

    /// The process's open descriptors on files in `folder` (other tests run beside this one).
    static func openDescriptors(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { fd in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
            return target.flatMap { $0.hasPrefix(folder.path) ? $0 : nil }
        }
    }

    @Test func aFileIsReplacedWholeAndAFailedBodyLeavesTheOldOneAndNoDescriptor() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("nested/cache.bin")
        try StreamedFile.write(file) { stream in
            for index in 0..<3_000 { stream.append { $0.raw(Array(repeating: UInt8(index % 251), count: 1_000)) } }
            return true
        }
        let written = try Data(contentsOf: file)
        #expect(written.count == 3_000_000 && written.last == UInt8(2_999 % 251))

        for _ in 0..<20 {
            #expect(throws: Stop.self) {
                try StreamedFile.write(file) { stream in
                    stream.append { $0.raw([1, 2, 3]) }
                    throw Stop()
                }
            }
            #expect(throws: (any Error).self) { try StreamedFile.write(file) { _ in false } }
        }
        #expect(try Self.openDescriptors(in: folder.url) == [], "every temporary file's descriptor is closed")
        #expect(try Data(contentsOf: file) == written, "the old file stands")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("nested").path) == ["cache.bin"])
    }
}
