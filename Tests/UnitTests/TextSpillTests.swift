import Foundation
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `TextSpill`: texts appended to a file are the texts read back, from any append on; a file that
/// cannot be written says so (nil), and the caller keeps its texts.
@Suite("Text spill")
struct TextSpillTests {
    @Test func appendedTextsAreReadBack() throws {
        let folder = try TemporaryDirectory()
        let spill = TextSpill(file: folder.path("render/entries.spill"))
        #expect(spill.reader == nil)
        let first = try #require(spill.append(["BEGIN:VEVENT\r\n", "", "café ☕ ü"]))
        let second = try #require(spill.append(["later", String(repeating: "x", count: 70_000)]))
        #expect(first.map { spill.text(at: $0) } == ["BEGIN:VEVENT\r\n", "", "café ☕ ü"])
        #expect(second.map { spill.text(at: $0)?.count } == [5, 70_000])
        #expect(second[0].offset == first[2].offset + first[2].length)
        #expect(spill.text(at: TextSpill.Place(offset: 1 << 30, length: 3)) == nil)
    }

    @Test func aFileThatCannotBeWrittenKeepsNothing() throws {
        let folder = try TemporaryDirectory()
        try FileOperations.write(Data("a file".utf8), to: folder.path("taken"))
        // A folder cannot be made where a file is.
        let spill = TextSpill(file: folder.path("taken/entries.spill"))
        #expect(spill.append(["text"]) == nil)
        #expect(spill.append(["again"]) == nil)
    }

    @Test func aRemovedSpillTakesNoMoreButItsReaderStillReads() throws {
        let folder = try TemporaryDirectory()
        let spill = TextSpill(file: folder.path("entries.spill"))
        let places = try #require(spill.append(["kept"]))
        let reader = try #require(spill.reader)
        spill.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.path("entries.spill").path))
        #expect(spill.append(["more"]) == nil)
        #expect(reader.string(at: places[0].offset, length: places[0].length) == "kept")
    }
}
