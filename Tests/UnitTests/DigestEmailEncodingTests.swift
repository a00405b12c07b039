import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// `DigestEmail`'s quoted-printable bodies and encoded-word headers.
@Suite("Digest email encodings")
struct DigestEmailEncodingTests {
    /// RFC 2045 §6.7 decoding, for checking the encoder against.
    static func decodeQuotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let lines = text.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            var chars = Array(line.utf8)[...]
            let soft = chars.last == UInt8(ascii: "=")
            if soft { chars = chars.dropLast() }
            var position = chars.startIndex
            while position < chars.endIndex {
                if chars[position] == UInt8(ascii: "="), position + 2 < chars.endIndex,
                    let value = UInt8(
                        String(decoding: chars[(position + 1)...(position + 2)], as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                    position += 3
                } else {
                    bytes.append(chars[position])
                    position += 1
                }
            }
            if !soft && index < lines.count - 1 { bytes += Array("\n".utf8) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    @Test func quotedPrintableKeepsLinesShortAndDecodesBackExactly() {
        let cases = [
            String(repeating: "a", count: 76), String(repeating: "a", count: 75) + "=", "trailing space ", "tab\t",
            String(repeating: "é", count: 60), "x = y\nnext line\r\nwindows line", String(repeating: "東京 ", count: 40),
            "",
        ]
        for text in cases {
            let encoded = DigestEmail.quotedPrintable(text)
            for line in encoded.components(separatedBy: "\r\n") {
                #expect(line.utf8.count <= 76, "\(line.utf8.count): \(line)")
                #expect(
                    !line.hasSuffix(" ") && !line.hasSuffix("\t"), "no trailing white space survives transport: \(line)"
                )
            }
            #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(Self.decodeQuotedPrintable(encoded) == text.replacingOccurrences(of: "\r\n", with: "\n"), "\(text)")
        }
    }
    @Test func encodedWordsStayShortSplitBetweenCharactersAndDecodeBack() throws {
        #expect(DigestEmail.encodedWord("plain ASCII subject") == "plain ASCII subject")
        for text in ["Café", String(repeating: "Zoë 東京 🎉 ", count: 12), "👩‍💻" + String(repeating: "x", count: 44) + "👩‍💻"] {
            let words = DigestEmail.encodedWord(text).components(separatedBy: "\r\n ")
            var decoded = ""
            for word in words {
                #expect(word.count <= 75, "RFC 2047 §2: \(word.count)")
                #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
                let payload = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
                let piece = try #require(
                    String(data: payload, encoding: .utf8), "each word is whole UTF-8: no character split")
                decoded += piece
            }
            #expect(decoded == text)
        }
    }
}
