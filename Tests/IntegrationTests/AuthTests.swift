import Foundation
import LoopbackServer
@testable import MeetupAuth
@testable import MeetupConfig
import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The OAuth token's whole life, against a token server and API on loopback.
extension LoopbackSuites {
    @Suite("Authentication: JWT bearer and refresh-token flows")
    struct AuthTests {
        func cacheFile(_ fixture: AuthFixture) -> URL {
            fixture.harness.cacheDirectory.appendingPathComponent("auth/access-token.json")
        }

        func mode(_ url: URL) throws -> Int {
            try #require(
                (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue)
                & 0o777
        }

        func expectNoSecretLeaked(
            _ fixture: AuthFixture, texts: [String], sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let secrets = fixture.secrets
            #expect(!secrets.isEmpty, sourceLocation: sourceLocation)
            for text in texts {
                for secret in secrets where text.contains(secret) {
                    Issue.record(
                        "a secret (\(secret.prefix(6))…) leaked into: \(text.prefix(200))",
                        sourceLocation: sourceLocation)
                }
            }
            for (path, data) in PipelineHarness.tree(fixture.harness.folder.url) where !fixture.isSecretStore(path) {
                let text = String(decoding: data, as: UTF8.self)
                for secret in secrets where text.contains(secret) {
                    Issue.record("a secret (\(secret.prefix(6))…) leaked into \(path)", sourceLocation: sourceLocation)
                }
            }
        }

        @Test(arguments: [true, false])
        func theFirstRunGetsATokenAndTheNextReusesIt(pkcs8: Bool) async throws {
            let fixture = try await AuthFixture.start(pkcs8: pkcs8)
            let config = fixture.config(.jwt(fixture.jwt))
            let first = await fixture.run(config)
            #expect(first.succeeded, "\(first.line)")
            #expect(fixture.tokens.requests == 1, "one token for the whole run (4 API requests)")
            #expect(try mode(cacheFile(fixture)) == 0o600)
            #expect(try mode(cacheFile(fixture).deletingLastPathComponent()) == 0o700)

            let second = await fixture.run(config, hours: 0.5)
            #expect(second.succeeded, "\(second.line)")
            #expect(fixture.tokens.requests == 1, "the cached token is good for another 30 minutes: no token request")
            expectNoSecretLeaked(fixture, texts: [first.line, second.line])
        }

        @Test func aCachedTokenCloseToExpiryIsRenewed() async throws {
            let fixture = try await AuthFixture.start()
            let config = fixture.config(.jwt(fixture.jwt))
            #expect(await fixture.run(config).succeeded)
            // 56 minutes on, the token has 4 minutes left: under the 5-minute margin.
            fixture.harness.server.revokeToken(fixture.tokens.issuedTokens[0])
            let later = await fixture.run(config, hours: 56.0 / 60)
            #expect(later.succeeded, "\(later.line)")
            #expect(fixture.tokens.requests == 2)
        }

        @Test(arguments: [LoopbackServer.TokenRejection.status401, .graphQLError(code: "UNAUTHENTICATED")])
        func aTokenThatExpiresMidRunIsRenewedOnce(rejection: LoopbackServer.TokenRejection) async throws {
            let fixture = try await AuthFixture.start()
            fixture.harness.server.setAcceptedTokens([], rejection: rejection)
            let config = fixture.config(.jwt(fixture.jwt))
            // The token stops working after the first API request, as one that expires mid-run.
            fixture.expireFirstToken(atRequest: 2)
            let summary = await fixture.run(config)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(fixture.tokens.requests == 2, "one renewal, shared by every request the API refused")
            #expect(summary.eventCount == 9)
        }

        @Test func aRenewedTokenRefusedAgainFailsSayingSo() async throws {
            let fixture = try await AuthFixture.start()
            var config = fixture.config(.jwt(fixture.jwt))
            // One query, so the count is exact: with several, a query whose first request
            // already carried the renewed token may rightly renew once more.
            config.queries = [config.queries[0]]
            // The API refuses every token, even fresh ones.
            fixture.harness.server.setRequestObserver { _ in fixture.harness.server.setAcceptedTokens([]) }
            let summary = await fixture.run(config)
            #expect(summary.failures.count == 1)
            #expect(
                summary.failures.allSatisfy {
                    $0.reason.contains("authentication failed: the API refused a freshly renewed access token too")
                },
                "\(summary.failures)")
            #expect(fixture.tokens.requests == 2, "the first token, then one renewal: no loop")
        }

        @Test func aRotatedRefreshTokenIsSavedBeforeUseAndWorksNextTime() async throws {
            let fixture = try await AuthFixture.start()
            let config = fixture.config(.refreshToken(fixture.refresh))
            let first = await fixture.run(config)
            #expect(first.succeeded, "\(first.line)")
            let saved = try String(contentsOf: fixture.refreshTokenFile, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(saved == fixture.tokens.currentRefreshToken && saved != fixture.tokens.refreshTokens[0])
            #expect(try mode(fixture.refreshTokenFile) == 0o600)

            // Two hours on, the access token is stale: the rotated refresh token gets a new one.
            let later = await fixture.run(config, hours: 2)
            #expect(later.succeeded, "\(later.line)")
            #expect(fixture.tokens.requests == 2)
            expectNoSecretLeaked(fixture, texts: [first.line, later.line])
        }

        @Test func failuresNameTheCauseAndKeepTheSite() async throws {
            let fixture = try await AuthFixture.start()
            #expect(await fixture.run(fixture.config(.jwt(fixture.jwt))).succeeded)
            let site = PipelineHarness.tree(fixture.harness.outputDirectory)
            try FileManager.default.removeItem(at: cacheFile(fixture))
            let observer = RecordingObserver()
            var texts: [String] = []

            func expectFailure(
                _ auth: AuthConfig, _ reason: String, environment: [String: String]? = nil,
                sourceLocation: SourceLocation = #_sourceLocation
            ) async {
                let summary = await fixture.run(fixture.config(auth), hours: 2, observer: observer)
                texts.append(summary.line)
                #expect(!summary.succeeded, sourceLocation: sourceLocation)
                #expect(
                    summary.failures.allSatisfy { $0.reason.contains(reason) }, "\(summary.failures)",
                    sourceLocation: sourceLocation)
                #expect(summary.staleSince.count == 3, "stale events stand in", sourceLocation: sourceLocation)
            }

            var wrongKid = fixture.jwt
            wrongKid.signingKeyID = "kid-1999"
            await expectFailure(
                .jwt(wrongKid),
                "refused: invalid_grant (\"Unknown signing key\"); check memberId, clientKey and signingKeyId")

            var wrongMember = fixture.jwt
            wrongMember.memberID = "42"
            await expectFailure(.jwt(wrongMember), "invalid_grant (\"Unknown member\")")

            let otherKey = try AuthFixture.otherKeyPair.get().pkcs8PEMRepresentation
            let otherFile = fixture.harness.folder.path("secrets/other.pem")
            try Data(otherKey.utf8).write(to: otherFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: otherFile.path)
            var wrongKey = fixture.jwt
            wrongKey.privateKeyFile = otherFile
            await expectFailure(.jwt(wrongKey), "invalid_grant (\"Invalid signature\")")

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: otherFile.path)
            let before = fixture.tokens.requests
            await expectFailure(
                .jwt(wrongKey), "is readable by other users (mode 644); refusing to use it: run chmod 600")
            #expect(fixture.tokens.requests == before, "nothing was sent")

            let garbage = fixture.harness.folder.path("secrets/garbage.pem")
            try Data("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".utf8).write(to: garbage)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: garbage.path)
            var malformed = fixture.jwt
            malformed.privateKeyFile = garbage
            await expectFailure(.jwt(malformed), "is not a usable RSA key in PEM form")
            malformed.privateKeyFile = fixture.harness.folder.path("secrets/missing.pem")
            await expectFailure(.jwt(malformed), "cannot read the private key")

            var down = fixture.jwt
            down.tokenEndpoint = URL(string: "http://127.0.0.1:9/oauth2/access")!
            await expectFailure(.jwt(down), "cannot reach the token endpoint http://127.0.0.1:9/oauth2/access")

            // The token server's clock is 10 minutes ahead of this machine's: the assertion looks expired.
            fixture.tokens.setClock(PipelineHarness.now.addingTimeInterval(2 * 3600 + 600))
            let skewed = await fixture.harness.run(
                fixture.config(.jwt(fixture.jwt)), now: PipelineHarness.now.addingTimeInterval(7200))
            #expect(
                skewed.failures.first?.reason.contains("check this machine's clock (it says 2026-11-22T10:00:00Z)")
                    == true,
                "\(skewed.failures)")

            var badRefresh = fixture.refresh
            try Data("refresh-revoked\n".utf8).write(to: fixture.refreshTokenFile)
            await expectFailure(
                .refreshToken(badRefresh),
                "invalid_grant (\"Invalid refresh token\"); the refresh token is no longer valid")
            badRefresh.clientID = "someone-else"
            await expectFailure(
                .refreshToken(badRefresh),
                "invalid_client (\"Client authentication failed\"); check clientId and the client secret")

            #expect(PipelineHarness.tree(fixture.harness.outputDirectory).keys == site.keys, "the site is still there")
            expectNoSecretLeaked(fixture, texts: texts + observer.warnings)
        }

        /// A revoked refresh token was sometimes asked for twice in one run. Five queries
        /// wait on a refusal held back by the token server, and a sixth asks once it has come: one
        /// grant request, and every one of them gets the refusal.
        @Test func aRefusedGrantIsAskedForOnceAndEveryoneGetsTheRefusal() async throws {
            let fixture = try await AuthFixture.start()
            try Data("refresh-revoked\n".utf8).write(to: fixture.refreshTokenFile)
            // The first grant request is held until all five have asked; any later one is not.
            let gate = DispatchSemaphore(value: 0)
            let first = LockedBox(true)
            fixture.tokens.setRequestObserver {
                if first.withLock({ held in
                    defer { held = false }; return held
                }) {
                    gate.wait()
                }
            }
            let folder = try TemporaryDirectory()
            let transport = HTTPTransport(
                limits: PipelineHarness.testLimits, maximumConnectionsPerHost: 4,
                addressPolicy: AddressPolicy.forSource(endpoint: fixture.tokenEndpoint))
            let tokens = IssuedTokens(
                auth: .refreshToken(fixture.refresh), environment: fixture.environment,
                cacheDirectory: folder.url, transport: transport, scratchDirectory: folder.url,
                redactor: SecretRedactor(), clock: { PipelineHarness.now })
            let results = LockedBox([Result<String, AuthError>]())
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let waiting = DispatchGroup()
                for _ in 0..<5 {
                    waiting.enter()
                    tokens.token { result in
                        results.withLock { $0.append(result) }
                        waiting.leave()
                    }
                }
                gate.signal()
                waiting.notify(queue: .global()) {
                    tokens.token { result in
                        results.withLock { $0.append(result) }
                        done.resume()
                    }
                }
            }
            let all = results.withLock { $0 }
            #expect(all.count == 6)
            #expect(
                all.allSatisfy { if case .failure(.rejected(_, "invalid_grant", _, _)) = $0 { true } else { false } },
                "\(all)")
            #expect(fixture.tokens.requests == 1, "the refused grant is asked for once in the run")
            fixture.tokens.setRequestObserver(nil)
        }
    }
}
