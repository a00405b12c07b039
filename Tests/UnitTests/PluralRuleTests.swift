@testable import MeetupRender
import Testing

@Suite("Plural rules: gettext's notation, CLDR's categories")
struct PluralRuleTests {
    /// The shipped languages' headers, against CLDR's examples for integers: English and German
    /// one/other; French and Brazilian Portuguese 0 and 1 singular; Spanish 1 only; a million
    /// (and its multiples) "many" in the three Romance languages.
    @Test(arguments: [
        ("nplurals=2; plural=(n != 1);", [0: 1, 1: 0, 2: 1, 1_000_000: 1]),
        (
            "nplurals=3; plural=(n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2);",
            [0: 2, 1: 0, 2: 2, 1_000_000: 1]
        ),
        (
            "nplurals=3; plural=(n == 0 || n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2);",
            [0: 0, 1: 0, 2: 2, 101: 2, 2_000_000: 1]
        ),
        // Polish, a file away: one, few (2–4 but not 12–14), many.
        (
            "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);",
            [1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 22: 1, 25: 2, 112: 2]
        ),
    ])
    func formsFollowTheHeader(header: String, expected: [Int: Int]) throws {
        let rule = try #require(PluralRule(header: header))
        for (count, form) in expected { #expect(rule.form(for: count) == form, "n = \(count)") }
    }

    @Test(arguments: ["nplurals=2; plural=(n != );", "nplurals=0; plural=0;", "plural=n;", "nplurals=2; plural=n ? ;"])
    func aMalformedHeaderIsRefused(header: String) {
        #expect(PluralRule(header: header) == nil)
    }

    @Test func aFormOutOfRangeIsTheLast() throws {
        let rule = try #require(PluralRule(header: "nplurals=2; plural=n;"))
        #expect(rule.form(for: 7) == 1)
    }
}
