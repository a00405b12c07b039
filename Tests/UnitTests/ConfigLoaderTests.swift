import Foundation
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupSupport
@testable import MeetupRender
@testable import MeetupReportTestSupport
import Testing

@Suite("Config validation")
struct ConfigLoaderTests {
    static let environment = ["MEETUP_TOKEN": "secret-token"]
    let base = URL(fileURLWithPath: "/srv/reports")

    static let valid = """
        {
          "title": "Tech in Berlin",
          "baseURL": "https://events.example.org/",
          "timeZone": "Europe/Berlin",
          "source": {"type": "meetup-api"},
          "queries": [
            {"id": "swift", "keyword": "swift", "lat": 52.52, "lon": 13.40},
            {"id": "rust-berlin", "title": "Rust", "keyword": "rust", "lat": 52.52, "lon": 13.40,
             "radiusMiles": 10, "daysAhead": 14, "maxEvents": 50}
          ]
        }
        """

    func load(_ text: String, environment: [String: String] = environment) throws(ConfigError) -> ReportConfig {
        try ConfigLoader(environment: environment).parse(Data(text.utf8), file: "queries.json", baseDirectory: base)
    }

    /// Applies `edit` to the valid config's JSON object and returns the error.
    func error(editing edit: (inout [String: Any]) -> Void, environment: [String: String] = environment) throws
        -> ConfigError
    {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: Any])
        edit(&object)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        do {
            _ = try load(text, environment: environment)
        } catch {
            return error
        }
        Issue.record("expected the config to be rejected")
        return .notJSON(file: "", reason: "")
    }

    static func editQuery(_ index: Int, _ edit: @escaping @Sendable (inout [String: Any]) -> Void)
        -> @Sendable (inout [String: Any]) -> Void
    {
        { object in
            var queries = object["queries"] as! [[String: Any]]
            edit(&queries[index])
            object["queries"] = queries
        }
    }

    @Test func validConfigGetsDefaultsAndResolvedPaths() throws {
        let config = try load(Self.valid)
        #expect(config.siteTitle == "Tech in Berlin")
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(
            config.source
                == .meetupAPI(endpoint: URL(string: "https://api.meetup.com/gql-ext")!, tokenVariable: "MEETUP_TOKEN"))
        #expect(config.queries.map(\.id) == ["swift", "rust-berlin"])
        #expect(config.queries[0].title == "swift", "title defaults to the keyword")
        #expect(
            config.queries[0].searchArea?.radiusMiles == 25 && config.queries[0].daysAhead == 30
                && config.queries[0].maxEvents == nil)
        #expect(config.queries[1].maxEvents == 50)
        #expect(config.outputDirectory.path == "/srv/reports/Output")
        #expect(config.cacheDirectory.path == "/srv/reports/.meetup-report-cache")
        #expect(config.thumbnailWidth == 320 && config.photoConcurrency == 8)
    }

    struct BadValue: Sendable, CustomTestStringConvertible {
        let keyPath: String
        let expected: String
        let edit: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { keyPath }
    }

    static let badValues: [BadValue] = [
        BadValue(keyPath: "queries[1].lat", expected: "a number from -90 to 90", edit: editQuery(1) { $0["lat"] = 91 }),
        BadValue(
            keyPath: "queries[0].lon", expected: "a number from -180 to 180", edit: editQuery(0) { $0["lon"] = "13.4" }),
        BadValue(
            keyPath: "queries[1].radiusMiles", expected: "exclusive", edit: editQuery(1) { $0["radiusMiles"] = 0 }),
        BadValue(
            keyPath: "photoConcurrency", expected: "a whole number from 1 to 64", edit: { $0["photoConcurrency"] = 0 }),
        BadValue(keyPath: "thumbnailWidth", expected: "a whole number", edit: { $0["thumbnailWidth"] = 120.5 }),
        BadValue(keyPath: "queries[0].id", expected: "a slug", edit: editQuery(0) { $0["id"] = "../etc" }),
        BadValue(keyPath: "timeZone", expected: "IANA", edit: { $0["timeZone"] = "Mars/Olympus" }),
        BadValue(keyPath: "baseURL", expected: "http(s) URL", edit: { $0["baseURL"] = "ftp://x" }),
        BadValue(
            keyPath: "source.type", expected: "\"meetup-api\" or \"snapshot\"",
            edit: { $0["source"] = ["type": "rest-v3"] }),
        BadValue(keyPath: "queries", expected: "non-empty array", edit: { $0["queries"] = [Any]() }),
        BadValue(
            keyPath: "queries[0].keyword", expected: "non-empty string", edit: editQuery(0) { $0["keyword"] = "  " }),
        BadValue(keyPath: "language", expected: "a BCP 47 language tag", edit: { $0["language"] = "Spanish" }),
        BadValue(keyPath: "language", expected: "a BCP 47 language tag", edit: { $0["language"] = "pt_BR" }),
        BadValue(
            keyPath: "queries[1].radiusMiles", expected: "nothing beside \"radiusKm\"",
            edit: editQuery(1) { $0["radiusKm"] = 40 }),
        BadValue(keyPath: "queries[0].radiusKm", expected: "exclusive", edit: editQuery(0) { $0["radiusKm"] = 0 }),
    ]

    /// A radius in kilometres is asked of the API in miles, and the pages say it as given.
    @Test func aRadiusInKilometresIsKeptAsGiven() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: Any])
        Self.editQuery(0) { $0["radiusKm"] = 40 }(&object)
        object["language"] = "pt-BR"
        let config = try load(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        let area = try #require(config.queries[0].searchArea)
        #expect(area.radiusKm == 40 && abs(area.radiusMiles - 24.855) < 0.001)
        #expect(config.language == "pt-BR")
        let portuguese = try SiteLanguage.load("pt-BR", templates: Fixtures.templates)
        #expect(QueryScope.text(of: config.queries[0], language: portuguese).contains("a até 40 km de"))
        #expect(
            QueryScope.text(of: config.queries[0], language: .english).contains("within 25 mi of"),
            "converted, to a whole mile above 10")
    }

    @Test(arguments: badValues)
    func wrongValuesNameTheirKeyPath(_ bad: BadValue) throws {
        let error = try error(editing: bad.edit)
        #expect(error.keyPath == bad.keyPath)
        #expect(error.description.hasPrefix("queries.json: \(bad.keyPath)"))
        #expect(error.description.contains(bad.expected), "\(error.description)")
    }

    @Test func unknownKeysAreRejectedWithTheAllowedOnes() throws {
        let error = try error(editing: Self.editQuery(1) { $0["radius"] = 10 })
        #expect(error.keyPath == "queries[1].radius")
        #expect(error.description.contains("radiusMiles"))
        let topLevel = try self.error(editing: { $0["outputDir"] = "x" })
        #expect(topLevel.keyPath == "outputDir")
    }

    @Test func missingRequiredKeys() throws {
        let error = try error(editing: Self.editQuery(0) { $0["lat"] = nil })
        #expect(
            error == .missingKey(file: "queries.json", keyPath: "queries[0].lat", expected: "a number from -90 to 90"))
        #expect(try self.error(editing: { $0["title"] = nil }).keyPath == "title")
    }

    @Test func duplicateQueryIDsPointAtBoth() throws {
        let error = try error(editing: Self.editQuery(1) { $0["id"] = "swift" })
        #expect(
            error
                == .duplicateQueryID(
                    file: "queries.json", keyPath: "queries[1].id", id: "swift", firstKeyPath: "queries[0].id"))
    }

    @Test func missingTokenIsRejectedBeforeAnyNetworkCall() throws {
        let error = try error(
            editing: { $0["source"] = ["type": "meetup-api", "tokenVariable": "MY_TOKEN"] }, environment: [:])
        #expect(error == .missingToken(file: "queries.json", keyPath: "source.tokenVariable", variable: "MY_TOKEN"))
        #expect(!error.description.contains("secret"))
        #expect(
            try self.error(editing: { _ in }, environment: ["MEETUP_TOKEN": "  "]).keyPath == "source.tokenVariable")
    }

    @Test func snapshotSourceNeedsAnExistingFolder() throws {
        let folder = try Fixtures.temporaryDirectory()
        let text = Self.valid.replacingOccurrences(
            of: #"{"type": "meetup-api"}"#, with: #"{"type": "snapshot", "directory": "snap"}"#)
        #expect(throws: ConfigError.self) {
            try ConfigLoader(environment: [:]).parse(Data(text.utf8), file: "c.json", baseDirectory: folder.url)
        }
        try FileManager.default.createDirectory(at: folder.path("snap"), withIntermediateDirectories: true)
        let config = try ConfigLoader(environment: [:]).parse(
            Data(text.utf8), file: "c.json", baseDirectory: folder.url)
        #expect(config.source == .snapshot(directory: folder.path("snap").standardizedFileURL))
    }

    @Test func notJSONAndWrongTopLevelNameTheFile() throws {
        #expect(throws: ConfigError.self) { try load("{\"title\": ") }
        do throws(ConfigError) { _ = try load("{\"title\": ") } catch {
            guard case .notJSON(let file, _) = error else { Issue.record("\(error)"); return }
            #expect(file == "queries.json")
        }
        do throws(ConfigError) { _ = try load("[1, 2]") } catch {
            #expect(error.description == "queries.json: (top level): expected an object, found an array")
        }
    }

    @Test func fileErrorsNameThePath() throws {
        do throws(ConfigError) {
            _ = try ConfigLoader(environment: [:]).load(from: URL(fileURLWithPath: "/nonexistent/queries.json"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/queries.json: cannot read"))
        }
    }

    @Test func authFlowsAreParsedAndCheckedWithKeyPaths() throws {
        let jwt = try load(
            Self.valid.replacingOccurrences(
                of: #""source": {"type": "meetup-api"}"#,
                with: #"""
                    "source": {"type": "meetup-api", "auth": {"type": "jwt", "clientKey": "k", "memberId": "7", "signingKeyId": "kid",
                               "privateKeyFile": "keys/meetup.pem"}}
                    """#), environment: [:])
        #expect(
            jwt.source
                == .meetupAPI(
                    endpoint: URL(string: "https://api.meetup.com/gql-ext")!,
                    auth: .jwt(
                        JWTBearerAuth(
                            clientKey: "k", memberID: "7", signingKeyID: "kid",
                            privateKeyFile: URL(fileURLWithPath: "/srv/reports/keys/meetup.pem")))))

        let both = try error(editing: {
            $0["source"] = ["type": "meetup-api", "tokenVariable": "T", "auth": ["type": "token"]]
        })
        #expect(
            both.description.contains("queries.json: source.tokenVariable: expected no tokenVariable beside auth"),
            "\(both)")
        let flow = try error(editing: { $0["source"] = ["type": "meetup-api", "auth": ["type": "password"]] })
        #expect(
            flow.description
                == #"queries.json: source.auth.type: expected "jwt", "refresh-token" or "token", found "password""#,
            "\(flow)")
        let endpoint = try error(
            editing: {
                $0["source"] = [
                    "type": "meetup-api",
                    "auth": [
                        "type": "refresh-token", "clientId": "c", "clientSecretVariable": "S", "refreshTokenFile": "r",
                        "tokenEndpoint": "ftp://x",
                    ],
                ]
            },
            environment: ["S": "secret"])
        #expect(
            endpoint.description.contains("source.auth.tokenEndpoint: expected an https address"), "\(endpoint)")
        let limits = try error(editing: { $0["limits"] = ["apiRequestsPerMinute": 0] })
        #expect(limits.description.contains("limits.apiRequestsPerMinute"), "\(limits)")
    }

    @Test func chatRoomsAreReadWithTheirSecretsWhereAndErrorsNameTheirKeyPath() throws {
        let chat: [[String: Any]] = [
            ["service": "slack", "secretVariable": "SLACK_WEBHOOK"],
            [
                "service": "matrix", "secretFile": "matrix-token", "homeserver": "https://matrix.example.org",
                "room": "!ops:example.org",
            ],
            [
                "service": "mastodon", "secretVariable": "MASTODON_TOKEN", "instance": "https://social.example",
                "visibility": "public", "onlyWhenChanged": false,
            ],
        ]
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: Any])
        object["digest"] = ["chat": chat]
        let config = try load(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        let targets = config.digest.chat
        #expect(targets.map(\.service) == [.slack, .matrix, .mastodon])
        #expect(targets[0].secret == .variable("SLACK_WEBHOOK") && targets[0].keyPath == "digest.chat[0]")
        #expect(targets[1].secret == .file(base.appendingPathComponent("matrix-token")))
        #expect(targets[1].room == "!ops:example.org" && targets[2].visibility == "public")
        #expect(!targets[2].onlyWhenChanged)

        for (item, keyPath) in [
            (["service": "matrix", "secretVariable": "T", "homeserver": "https://m.org"], "digest.chat[0].room"),
            (["service": "slack"], "digest.chat[0].secretVariable"),
            (["service": "irc", "secretVariable": "T"], "digest.chat[0].service"),
            (["service": "slack", "secretVariable": "T", "secretFile": "f"], "digest.chat[0].secretFile"),
            (["service": "mastodon", "secretVariable": "T", "instance": "ftp://x"], "digest.chat[0].instance"),
            (["service": "discord", "secretVariable": "T", "room": "!a:b"], "digest.chat[0].room"),
        ] as [([String: Any], String)] {
            let error = try error(editing: { $0["digest"] = ["chat": [item]] })
            #expect(error.keyPath == keyPath, "\(error.description)")
            #expect(error.description.hasPrefix("queries.json: \(keyPath)"), "\(error.description)")
        }
    }
}

/// Query kinds in the config: exactly one of `keyword`, `groups` or `network`.
@Suite("Query kinds in the config")
struct QueryKindConfigTests {
    func load(_ queries: String) throws -> ReportConfig {
        let json =
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "."}, "queries": \#(queries)}"#
        return try ConfigLoader(environment: [:], requiresToken: false).parse(
            Data(json.utf8), file: "queries.json", baseDirectory: URL(fileURLWithPath: "/tmp"))
    }

    @Test func aNetworkQueryNeedsOnlyItsUrlname() throws {
        let config = try load(
            #"[{"id": "rl", "network": "rladies"}, {"id": "s", "keyword": "swift", "lat": 1, "lon": 2}]"#)
        #expect(config.queries[0].kind == .network("rladies") && config.queries[0].title == "rladies")
        #expect(config.queries[1].searchArea == SearchArea(keyword: "swift", latitude: 1, longitude: 2))
    }

    @Test(arguments: [
        (
            #"[{"id": "x", "keyword": "k", "lat": 1, "lon": 2, "network": "n"}]"#,
            "queries.json: queries[0].network: expected exactly one of"
        ),
        (#"[{"id": "x"}]"#, "queries.json: queries[0].keyword: expected exactly one of"),
        (
            #"[{"id": "x", "network": "rladies", "lat": 5}]"#,
            "queries.json: queries[0].lat: expected nothing: only a \"keyword\" search has a place"
        ),
        (
            #"[{"id": "x", "network": "r ladies"}]"#,
            "queries.json: queries[0].network: expected a Meetup Pro network's urlname"
        ),
        (
            #"[{"id": "x", "keyword": "k", "lat": 1, "lon": 2, "inactiveAfterDays": 90}]"#,
            "queries.json: queries[0].inactiveAfterDays: expected nothing: only a \"groups\" or \"network\" query has a groups report"
        ),
        (
            #"[{"id": "x", "network": "rladies", "inactiveAfterDays": 0}]"#,
            "queries.json: queries[0].inactiveAfterDays: expected a whole number from 1"
        ),
    ])
    func wrongKindsNameTheirKeyPath(_ queries: String, message: String) {
        #expect(throws: ConfigError.self) { try load(queries) }
        do {
            _ = try load(queries)
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }

    @Test func urlnamesAreKeptInOrderOnceEach() throws {
        let config = try load(
            #"[{"id": "rl", "groups": ["rladies-lagos", "RLadies-Berlin", "rladies-lagos", "rladies-berlin"]}]"#)
        #expect(config.queries[0].kind == .groups(["rladies-lagos", "RLadies-Berlin"]))
        #expect(config.queries[0].title == "2 groups")
        #expect(config.queries[0].inactiveAfterDays == 180, "six months unless the query says")
        #expect(
            try load(#"[{"id": "rl", "network": "rladies", "inactiveAfterDays": 90}]"#).queries[0].inactiveAfterDays
                == 90)
    }

    @Test func aBadUrlnameIsNamedByItsIndex() {
        do {
            _ = try load(#"[{"id": "rl", "groups": ["rladies-lagos", "not a urlname"]}]"#)
            Issue.record("accepted")
        } catch {
            #expect(
                String(describing: error).hasPrefix("queries.json: queries[0].groups[1]: expected a group urlname"),
                "\(error)")
        }
        #expect(throws: ConfigError.self) { try load(#"[{"id": "rl", "groups": []}]"#) }
    }
}

@Suite("Search places")
struct PlaceNameTests {
    @Test func aSearchIsDescribedByItsPlaceNameElseItsCoordinates() throws {
        let json =
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "/tmp"}, "queries": [{"id": "s", "keyword": "swift", "lat": 52.52, "lon": 13.405, "placeName": "Berlin"}, {"id": "r", "keyword": "rust", "lat": 52.52, "lon": 13.405}]}"#
        let config = try ConfigLoader(environment: [:], requiresToken: false).parse(
            Data(json.utf8), file: "q.json", baseDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(QueryScope.text(of: config.queries[0], language: .english) == "“swift” within 25 mi of Berlin")
        #expect(QueryScope.text(of: config.queries[1], language: .english) == "“rust” within 25 mi of 52.520, 13.405")
        let groups =
            #"{"title": "T", "baseURL": "https://x.org/", "source": {"type": "snapshot", "directory": "/tmp"}, "queries": [{"id": "g", "groups": ["a"], "placeName": "Berlin"}]}"#
        #expect(throws: ConfigError.self) {
            try ConfigLoader(environment: [:], requiresToken: false).parse(
                Data(groups.utf8), file: "q.json", baseDirectory: URL(fileURLWithPath: "/tmp"))
        }
    }
}
