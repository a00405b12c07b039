@testable import MeetupRender
@testable import MeetupSupport
import Testing

/// `ContextKey`: a page's key from its Mustache context, without rendering it.
@Suite("Context key: a Mustache context as a key")
struct ContextKeyTests {
    static func key(_ context: [String: Any]) -> String {
        var key = ContentHash.Builder("test")
        ContextKey.add(context, to: &key)
        return key.hex()
    }

    static var context: [String: Any] {
        [
            "heading": "2026", "summary": "2 past events",
            "months": [
                [
                    "month": "December 2026",
                    "entries": [
                        ["title": "Talk", "going": "12", "groups": [["name": "G", "last": true] as [String: Any]]]
                            as [String: Any]
                    ],
                ] as [String: Any]
            ],
        ]
    }

    @Test func theSameContextIsTheSameKeyWhateverItsOrder() {
        var again: [String: Any] = [:]
        for name in Self.context.keys.sorted(by: >) { again[name] = Self.context[name] }
        #expect(Self.key(Self.context) == Self.key(again))
    }

    @Test func anyValueDeepInsideChangesTheKey() {
        let base = Self.key(Self.context)
        var changed = Self.context
        changed["months"] = [
            [
                "month": "December 2026",
                "entries": [
                    ["title": "Talk", "going": "12", "groups": [["name": "G", "last": false] as [String: Any]]]
                        as [String: Any]
                ],
            ] as [String: Any]
        ]
        #expect(Self.key(changed) != base, "a flag in a group of an entry of a month")
        changed = Self.context
        changed["more"] = 1
        #expect(Self.key(changed) != base)
        let kinds = [Self.key(["more": 1]), Self.key(["more": "1"]), Self.key(["more": true])]
        #expect(Set(kinds).count == 3, "a number, a text and a flag differ")
    }
}
