import Foundation
@testable import MeetupConfig
import MeetupModel
import MeetupPipeline
import Testing

@Suite("discover: the query it prints")
struct GroupDiscoveryTests {
    @Test(arguments: [
        ("Data Science München", "data-science-munchen-groups"),
        ("Ærø & Çà va", "aero-ca-va-groups"),
        ("Москва Python", "moskva-python-groups"),
        ("🎉", "groups-groups"),
        ("--R--", "r-groups"),
    ])
    func anIDIsASCIIAndTransliterated(keyword: String, id: String) throws {
        let printed = GroupDiscovery.query([GroupActivity(urlname: "a-group")], keyword: keyword)
        let query = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]
        #expect(query?["id"] as? String == id, "\(printed)")
    }

    /// Whatever the keyword, the printed query is one the config takes as it is.
    @Test(arguments: [
        "Data Science München", "東京 Swift", "Ελληνικά", "a very long keyword with many words that goes on and on",
        "R-Ladies São Paulo — Café", "🎉🎉", "   ", "x\u{1B}y",
    ])
    func everyPrintedQueryLoads(keyword: String) throws {
        let printed = GroupDiscovery.query([GroupActivity(urlname: "rladies-sao-paulo")], keyword: keyword)
        let config = """
            {"title": "T", "baseURL": "https://example.org/", "source": {"type": "meetup-api"},
             "queries": [\(printed)]}
            """
        let loaded = try ConfigLoader(environment: ["MEETUP_TOKEN": "secret-token"])
            .parse(Data(config.utf8), file: "queries.json", baseDirectory: URL(fileURLWithPath: "/srv"))
        #expect(loaded.queries.count == 1 && QueryID.isValid(loaded.queries[0].id), "\(printed)")
    }
}
