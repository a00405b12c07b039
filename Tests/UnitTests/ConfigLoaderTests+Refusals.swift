import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupPipeline
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// What the config refuses and how it says it (issues 61 and 62).
extension ConfigLoaderTests {
    /// Issue 62, item 13: a syntax error said "at byte 620"; an empty list of queries "found an array".
    @Test func aSyntaxErrorSaysItsLineAndColumnAndAnEmptyListSaysItIsEmpty() throws {
        let broken = "{\n  \"title\": \"T\",\n  \"baseURL\": \"https://x.org/\"\n  \"queries\": []\n}"
        do {
            _ = try load(broken)
            Issue.record("expected a syntax error")
        } catch {
            #expect(
                error.description.contains("at line 4, column 3: `\"queries\": []`")
                    && !error.description.contains("byte"),
                "\(error.description)")
        }
        let empty = try error(editing: { $0["queries"] = [Any]() })
        #expect(error(empty, says: "expected a non-empty array of queries, found an empty array"))
    }

    func error(_ error: ConfigError, says text: String) -> Bool { error.description.hasSuffix(text) }

    /// Issue 62, item 13: an output folder that cannot be written said only "cannot create the lock
    /// file …" after a "0/0 queries" summary.
    @Test func anOutputFolderThatCannotBeWrittenNamesTheKeyAndWhatToDo() throws {
        let folder = try TemporaryDirectory()
        try Data("a file".utf8).write(to: folder.path("not-a-folder"))
        var config = try load(Self.valid)
        config.outputDirectory = folder.path("not-a-folder/Output")
        config.cacheDirectory = folder.path("cache")
        do {
            _ = try RunLock.acquire(for: config, maxWait: .zero)
            Issue.record("expected the lock to fail")
        } catch {
            #expect(error.description.contains("the config's `output` (\(folder.path("not-a-folder/Output").path))"))
            #expect(error.description.contains("make it writable, or set `output` to one that is"))
        }
        var summary = RunSummary()
        summary.abortReason = "cannot create the lock file x"
        #expect(
            !summary.line.contains("0/0 queries") && summary.line.contains("nothing was fetched"), "\(summary.line)")
    }

    /// Issue 62, item 12: a configured templates folder that does not exist was replaced by another.
    @Test func aTemplatesFolderThatDoesNotExistIsAConfigError() throws {
        let error = try error(editing: { $0["templates"] = "my-templates" })
        #expect(error.keyPath == "templates", "\(error.description)")
        #expect(error.description.contains("/srv/reports/my-templates"), "\(error.description)")
    }

    /// Issue 61, item 7: a Matrix homeserver over plain http was taken, and its token sent in the clear.
    @Test func everyAddressASecretGoesToIsHTTPSButLoopback() throws {
        let matrix = { (homeserver: String) -> [String: Any] in
            ["service": "matrix", "secretVariable": "T", "homeserver": homeserver, "room": "!a:example.org"]
        }
        let mastodon: [String: Any] = [
            "service": "mastodon", "secretVariable": "T", "instance": "http://social.example",
        ]
        let cases: [(key: String, value: [String: Any], keyPath: String)] = [
            ("digest", ["chat": [matrix("http://matrix.example.org")]], "digest.chat[0].homeserver"),
            ("digest", ["chat": [mastodon]], "digest.chat[0].instance"),
            ("source", ["type": "meetup-api", "endpoint": "http://api.example.org/gql"], "source.endpoint"),
            ("source", ["type": "meetup-api", "endpoint": "http://10.0.0.5/gql"], "source.endpoint"),
        ]
        for (key, value, keyPath) in cases {
            let error: ConfigError = try error(editing: { $0[key] = value })
            #expect(error.keyPath == keyPath, "\(error.description)")
            #expect(error.description.contains("an https address"), "\(error.description)")
        }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.valid.utf8)) as? [String: Any])
        object["digest"] = ["chat": [matrix("http://127.0.0.1:8008"), matrix("http://localhost:8008")]]
        object["source"] = ["type": "meetup-api", "endpoint": "http://127.0.0.1:9000/gql"]
        let config = try load(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        #expect(config.digest.chat.map { $0.homeserver?.host } == ["127.0.0.1", "localhost"])
    }
}
