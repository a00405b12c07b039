import Foundation
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `FileOperations.fileSize`: one `stat`, the size of what a read would return.
@Suite("File operations")
struct FileOperationsTests {
    @Test func aFilesSizeIsWhatReadingItReturns() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("a.txt"), link = folder.path("link.txt")
        try FileOperations.write(Data("twelve bytes".utf8), to: file)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(FileOperations.fileSize(file) == 12)
        #expect(FileOperations.fileSize(link) == 12, "a symbolic link is followed, as a read follows it")
        #expect(FileOperations.fileSize(folder.path("missing")) == nil)
        #expect(FileOperations.fileSize(folder.url) == nil, "a folder has no file size")
        try FileOperations.write(Data(), to: file)
        #expect(FileOperations.fileSize(atPath: file.path) == 0)
    }
}
