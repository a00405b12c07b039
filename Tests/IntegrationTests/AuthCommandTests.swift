import Foundation
import LoopbackServer
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// Through the real binary: `meetup-report auth`, config errors, and a
/// refresh token that survives SIGKILL at any point of its rotation.
extension LoopbackSuites {
    @Suite("Authentication from the command line")
    struct AuthCommandTests {
        func writeConfig(_ fixture: AuthFixture, auth: [String: Any], name: String = "queries.json") throws -> URL {
            let file = fixture.harness.folder.path(name)
            let config: [String: Any] = [
                "title": "Auth", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
                "source": [
                    "type": "meetup-api",
                    "endpoint": fixture.harness.baseURL.appendingPathComponent("gql").absoluteString, "auth": auth,
                ],
                "output": "site/Output", "cache": "cache", "thumbnailWidth": 100,
                "queries": [["id": "swift", "keyword": "swift", "lat": 52.5, "lon": 13.4]],
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            return file
        }

        func jwtAuth(_ fixture: AuthFixture, keyFile: String? = nil) -> [String: Any] {
            [
                "type": "jwt", "clientKey": fixture.tokens.client.clientKey, "memberId": fixture.tokens.client.memberID,
                "signingKeyId": fixture.tokens.client.signingKeyID, "privateKeyFile": keyFile ?? fixture.keyFile.path,
                "tokenEndpoint": fixture.tokenEndpoint.absoluteString,
            ]
        }

        /// Token lifetimes and JWT claims are network time: the real clock, whatever `--now`
        /// says. The token server judges assertions by the real clock too,
        /// and refuses one issued a day ahead, as Meetup's would.
        @Test func authPrintsTheMemberTheFlowAndTheExpiry() async throws {
            let fixture = try await AuthFixture.start()
            fixture.tokens.setClock(nil)
            fixture.harness.server.setMember(id: "1001", name: "Ada Organiser")
            let config = try writeConfig(fixture, auth: jwtAuth(fixture))
            let now = ISO8601.formatUTC(Date().addingTimeInterval(86_400))
            let started = Date()
            let first = try await CommandRunner.run(["auth", "--config", config.path, "--now", now])
            #expect(first.status == 0, "\(first.stderr)")
            let lines = first.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "authenticated as Ada Organiser (member 1001)", "\(first.stdout)")
            #expect(
                lines.dropFirst().first == "flow: jwt; token new from \(fixture.tokenEndpoint.absoluteString)",
                "\(first.stdout)")
            let expiry = lines.last.flatMap { line in line.split(separator: " ").dropFirst(2).first }.flatMap {
                ISO8601.parseDateTime(String($0))
            }
            let lifetime = expiry.map { $0.date.timeIntervalSince(started) } ?? 0
            #expect((3_500...3_610).contains(lifetime), "an hour from the real now, not from --now: \(first.stdout)")
            #expect(lines.last?.hasSuffix("min); runs renew it 5 min before") == true, "\(first.stdout)")
            let again = try await CommandRunner.run([
                "auth", "--config", config.path, "--now", ISO8601.formatUTC(Date().addingTimeInterval(2 * 86_400)),
            ])
            #expect(again.stdout.contains("flow: jwt; token reused from the cache"), "\(again.stdout)")
            #expect(fixture.tokens.requests == 1)

            // The key found through systemd's credentials folder, by a relative name.
            let credentials = fixture.harness.folder.path("secrets")
            let viaCredentials = try writeConfig(
                fixture, auth: jwtAuth(fixture, keyFile: "meetup-key.pem"), name: "systemd.json")
            try FileManager.default.removeItem(at: fixture.harness.cacheDirectory)
            let systemd = try await CommandRunner.run(
                ["auth", "--config", viaCredentials.path],
                environment: ["CREDENTIALS_DIRECTORY": credentials.path])
            #expect(systemd.status == 0, "\(systemd.stderr)")

            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: fixture.keyFile.path)
            try FileManager.default.removeItem(at: fixture.harness.cacheDirectory)
            let open = try await CommandRunner.run(["auth", "--config", config.path])
            #expect(open.status == 1)
            #expect(
                open.stderr.contains(
                    "auth FAILED: the private key \(fixture.keyFile.path) is readable by other users (mode 640)"),
                "\(open.stderr)")
            for output in [first.stdout, first.stderr, again.stdout, systemd.stdout, open.stderr] {
                for secret in fixture.secrets { #expect(!output.contains(secret)) }
            }
        }

        @Test func authConfigErrorsNameTheKeyPath() async throws {
            let fixture = try await AuthFixture.start()
            var auth = jwtAuth(fixture)
            auth.removeValue(forKey: "signingKeyId")
            let missing = try await CommandRunner.run(["auth", "--config", try writeConfig(fixture, auth: auth).path])
            #expect(missing.status == 2)
            #expect(
                missing.stderr.contains(
                    "source.auth.signingKeyId is missing: expected the id Meetup gave the signing key"),
                "\(missing.stderr)")

            let refresh: [String: Any] = [
                "type": "refresh-token", "clientId": "c", "clientSecretVariable": "NOT_SET_ANYWHERE",
                "refreshTokenFile": "refresh-token",
            ]
            let noSecret = try await CommandRunner.run([
                "--config", try writeConfig(fixture, auth: refresh).path, "--now", PipelineHarness.nowArgument,
            ])
            #expect(noSecret.status == 2)
            #expect(
                noSecret.stderr.contains(
                    "source.auth.clientSecretVariable: the environment variable NOT_SET_ANYWHERE is not set or empty"),
                "\(noSecret.stderr)")
        }

        /// The refresh token file is replaced in one rename: a run killed at any moment of a
        /// rotation leaves the old token or the new one, whole and private, never a torn file.
        @Test func aKillDuringRotationNeverLeavesATornRefreshToken() async throws {
            let fixture = try await AuthFixture.start()
            let auth: [String: Any] = [
                "type": "refresh-token", "clientId": fixture.tokens.client.clientID,
                "clientSecretVariable": AuthFixture.clientSecretVariable,
                "refreshTokenFile": fixture.refreshTokenFile.path,
                "tokenEndpoint": fixture.tokenEndpoint.absoluteString,
            ]
            let config = try writeConfig(fixture, auth: auth)
            let arguments = [
                "--config", config.path, "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z",
                "--quiet",
            ]
            var random = SeededGenerator(state: 0xA11CE)
            var killed = 0
            for attempt in 0..<6 {
                try? FileManager.default.removeItem(at: fixture.harness.cacheDirectory.appendingPathComponent("auth"))
                let child = KillSwitch()
                let delay = UInt32.random(in: 0...3_000, using: &random)
                // Killed at a seeded moment after the token request arrives: before the answer,
                // while it travels, or after it (the rename of the file is microseconds).
                fixture.tokens.setRequestObserver {
                    DispatchQueue.global().async {
                        usleep(delay); child.kill()
                    }
                }
                let result = try await CommandRunner.run(arguments, environment: fixture.environment) {
                    child.started($0)
                }
                if result.killedBySignal { killed += 1 }
                let saved = try String(contentsOf: fixture.refreshTokenFile, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                #expect(
                    fixture.tokens.refreshTokens.contains(saved),
                    "attempt \(attempt): \(saved.prefix(12)) is a token the server issued")
                let mode =
                    (try FileManager.default.attributesOfItem(atPath: fixture.refreshTokenFile.path)[.posixPermissions]
                    as? NSNumber)?.intValue
                #expect(mode.map { $0 & 0o777 } == 0o600)
                // Re-align the server with the file for the next attempt (a kill after the server
                // rotated but before the rename costs the rotation: docs/authentication.md says so).
                if saved != fixture.tokens.currentRefreshToken { fixture.tokens.resetRefreshToken(to: saved) }
            }
            fixture.tokens.setRequestObserver(nil)
            #expect(killed >= 1, "some runs were really killed (\(killed) of 6)")
            let after = try await CommandRunner.run(arguments, environment: fixture.environment)
            #expect(after.status == 0, "\(after.stderr)")
        }
    }
}
