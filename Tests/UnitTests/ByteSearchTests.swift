import Foundation
@testable import MeetupFetch
@testable import MeetupSupport
import Testing

/// `ByteSearch` (glibc `memmem`) on arrays and on answers' `Data`, and what it decides.
@Suite("Byte search")
struct ByteSearchTests {
    @Test func findsANeedleAnywhereAndNothingElse() {
        let text = Data(#"{"errors":[{"message":"x"}]}"#.utf8)
        #expect(ByteSearch.contains(Array(#""errors""#.utf8), in: text))
        #expect(ByteSearch.contains(Array("}]}".utf8), in: text), "at the very end")
        #expect(!ByteSearch.contains(Array(#""error""#.utf8 + [0]), in: text))
        #expect(!ByteSearch.contains(Array("a longer needle than the text itself, by far".utf8), in: Data("ab".utf8)))
        #expect(ByteSearch.contains([], in: Data()), "the empty needle is everywhere")
        #expect(ByteSearch.contains(Array("é".utf8), in: Array("café".utf8)))
    }

    /// A network's answer is read without parsing it when it opens its network; a null or
    /// missing network, however written, is still found.
    @Test func aNetworksAnswerIsUnreadableOnlyWhenItsNetworkIsNull() {
        #expect(!NetworkRequest.isUnreadable(Data(#"{"data":{"proNetwork":{"eventsSearch":{}}}}"#.utf8)))
        #expect(!NetworkRequest.isUnreadable(Data(#"{"data": {"proNetwork": {"eventsSearch": {}}}}"#.utf8)))
        #expect(NetworkRequest.isUnreadable(Data(#"{"data":{"proNetwork":null}}"#.utf8)))
        #expect(
            NetworkRequest.isUnreadable(Data(#"{"data": {"proNetwork": null}, "errors": [{"message": "x"}]}"#.utf8)))
        #expect(NetworkRequest.isUnreadable(Data(#"{"data":{}}"#.utf8)))
        #expect(!NetworkRequest.isUnreadable(Data("not json".utf8)))
    }
}
