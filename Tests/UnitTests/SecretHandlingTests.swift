import Foundation
import Testing
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import MeetupAuth
@testable import MeetupConfig
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupHistory
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupSupport

/// Secrets stay where they belong: credentials with their origin across redirects, none in a
/// child's environment, and a redactor that masks a secret even when a message is cut.
@Suite("Secrets: origins, children, redaction")
struct SecretHandlingTests {

    @Test func aRedirectToAnotherOriginLosesTheCredentials() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9000/gql-ext")))
        request.setValue("Bearer secret-token-1234", forHTTPHeaderField: "Authorization")
        request.setValue("a=b", forHTTPHeaderField: "Cookie")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let original = URL(string: "http://127.0.0.1:8000/gql-ext")
        for other in [
            "http://127.0.0.1:9000/gql-ext", "https://127.0.0.1:8000/gql-ext", "http://localhost:8000/gql-ext",
        ] {
            var redirected = request
            redirected.url = URL(string: other)
            let sent = Redirect.withoutCrossOriginCredentials(redirected, from: original)
            #expect(sent.value(forHTTPHeaderField: "Authorization") == nil, "\(other)")
            #expect(sent.value(forHTTPHeaderField: "Cookie") == nil, "\(other)")
            #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json", "other headers stay")
        }
        var sameOrigin = request
        sameOrigin.url = URL(string: "HTTP://127.0.0.1:8000/v2/gql-ext")
        #expect(
            Redirect.withoutCrossOriginCredentials(sameOrigin, from: original)
                .value(forHTTPHeaderField: "Authorization") == "Bearer secret-token-1234",
            "same origin, another path: kept")
        #expect(
            Origin(try #require(URL(string: "https://api.meetup.com/gql")))
                == Origin(try #require(URL(string: "https://API.meetup.com:443/x"))))
    }

    // MARK: One environment for every child

    @Test func childrenNeverSeeTheRunsSecrets() {
        let environment = [
            "PATH": "/usr/bin", "LANG": "C.UTF-8", "MEETUP_TOKEN": "tok-0123456789",
            "MEETUP_CLIENT_SECRET": "cs-abcdefghij", "COPY_OF_TOKEN": "x tok-0123456789 y",
            "CREDENTIALS_DIRECTORY": "/run/credentials/meetup-report.service", "SHORT": "ab",
        ]
        let children = ChildEnvironment(
            environment, secretVariables: ["MEETUP_TOKEN", "MEETUP_CLIENT_SECRET", "SHORT"])
        #expect(children.variables == ["PATH": "/usr/bin", "LANG": "C.UTF-8"])
        #expect(children.searchPath == "/usr/bin")
        #expect(ChildEnvironment([:], secretVariables: []).searchPath.contains("/usr/bin"))
    }

    // MARK: Redact, then cut

    @Test func aSecretCutByTruncationIsStillMasked() {
        let refreshToken = "rt-" + String(repeating: "9f3a", count: 9) + "x"  // 40 characters
        let redactor = SecretRedactor(secrets: [refreshToken])
        // 276 characters before the token: a cut at 300 keeps its first 24, as the failing harness saw.
        let description = String(repeating: "d", count: 274) + "… " + refreshToken
        let body = Data(
            JSONValue.object(["error": .string("invalid_grant"), "error_description": .string(description)]).compactJSON
                .utf8)
        let result = TokenEndpoint.read(
            status: 400, body: body, endpoint: "http://127.0.0.1/oauth2/access", redactor: redactor
        ) { _, _ in nil }
        guard case .failure(let error) = result else { Issue.record("a refusal was read as a grant"); return }
        let text = error.description
        for length in 6...refreshToken.count {
            #expect(!text.contains(refreshToken.prefix(length)), "no \(length)-character head of the token: \(text)")
        }
        #expect(redactor.redact("abc " + refreshToken, limit: 10) == "abc [redac…")
    }
}
