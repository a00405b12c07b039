import Foundation
import LoopbackServer
@testable import MeetupAuth
@testable import MeetupConfig
@testable import MeetupModel
import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The defects independent runs found, each reproduced end to end against
/// loopback servers or through the binary. Each test failed on the code before its fix.
extension LoopbackSuites {
    @Suite("Secrets, clocks, missing programs, check, auth, the digest and its email in whole runs")
    struct OperationsAndSecretsTests {
        /// The harness's API as a JSON config the binary reads, with `extra` top-level keys.
        static func writeConfig(_ harness: PipelineHarness, extra: [String: Any] = [:], history: Bool = false) throws
            -> URL
        {
            var config: [String: Any] = [
                "title": "Defects", "baseURL": "https://example.org/", "timeZone": "Europe/Berlin",
                "source": [
                    "type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                    "auth": ["type": "token", "variable": "TEST_MEETUP_TOKEN"],
                ],
                "output": harness.outputDirectory.path, "cache": harness.cacheDirectory.path, "thumbnailWidth": 100,
                "search": false, "history": ["enabled": history],
                "queries": [
                    ["id": "swift", "title": "Swift", "keyword": "swift", "lat": 52.5, "lon": 13.4, "daysAhead": 60]
                ],
            ]
            config.merge(extra) { _, new in new }
            let file = harness.folder.path("queries.json")
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            return file
        }

        static func moment(_ date: Date) -> String { ISO8601.formatUTC(date) }

        /// A script that writes its environment to `env` and exits 0.
        static func environmentRecorder(named name: String, in folder: URL) throws -> URL {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let script = folder.appendingPathComponent(name)
            try Data("#!/bin/sh\nenv > \"\(folder.appendingPathComponent("env").path)\"\nexit 0\n".utf8).write(
                to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return script
        }

        // MARK: Security

        /// A 307 to another origin (another port of 127.0.0.1) is followed without the token.
        @Test func theTokenNeverFollowsARedirectToAnotherOrigin() async throws {
            let harness = try await PipelineHarness.start()
            let other = try LoopbackServer()
            LoopbackServerRegistry.register(other)
            let otherURL = try await other.start()
            harness.server.setPageFault(
                .status(307, headers: ["Location": otherURL.appendingPathComponent("gql").absoluteString]),
                keyword: "swift", page: 1)
            _ = await harness.run()
            #expect(other.counters.graphQLRequests >= 1, "the redirect was followed")
            #expect(
                other.counters.authorizationHeaders.isEmpty, "another origin got \(other.counters.authorizationHeaders)"
            )
            #expect(harness.server.counters.authorizationHeaders == ["Bearer \(PipelineHarness.token)"])
        }

        /// Pagefind (here a stand-in on PATH that records its environment) sees no secret.
        @Test func searchIndexingGetsNoSecretInItsEnvironment() async throws {
            let harness = try await PipelineHarness.start()
            let bin = harness.folder.path("bin")
            _ = try Self.environmentRecorder(named: "pagefind", in: bin)
            var config = harness.config()
            config.search = true
            let summary = await harness.run(
                config,
                environment: [
                    "PATH": "\(bin.path):/usr/bin:/bin",
                    "SAME_TOKEN_AGAIN": PipelineHarness.token, "LANG": "C.UTF-8",
                ])
            #expect(summary.succeeded, "\(summary.line)")
            let environment = try String(contentsOf: bin.appendingPathComponent("env"), encoding: .utf8)
            #expect(environment.contains("LANG=C.UTF-8"), "Pagefind ran: \(environment)")
            #expect(
                !environment.contains(PipelineHarness.token) && !environment.contains("TEST_MEETUP_TOKEN"),
                "\(environment)")
        }

        // MARK: The run's clock and the wall clock

        /// `--now` the day after the fixtures' (never the real day: the fixtures' events are fixed);
        /// the 429's Retry-After date is measured on the real clock.
        @Test func retryAfterDatesAreMeasuredOnTheWallClockWhateverNowSays() async throws {
            let harness = try await PipelineHarness.start()
            let config = try Self.writeConfig(harness)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let retryAt = formatter.string(from: Date().addingTimeInterval(3))
            harness.server.setPageFault(
                .status(429, headers: ["Retry-After": retryAt]), keyword: "swift", page: 1, times: 1)
            let arrivals = LockedBox([Date]())
            harness.server.setRequestObserver { path in if path == "/gql" { arrivals.withLock { $0.append(Date()) } } }
            let result = try await CommandRunner.run(
                [
                    "--config", config.path, "--templates", Fixtures.templates.path,
                    "--now", "2026-11-23T08:00:00Z", "--quiet",
                ],
                environment: ["TEST_MEETUP_TOKEN": PipelineHarness.token])
            #expect(result.status == 0, "\(result.stderr)")
            let times = arrivals.withLock { $0 }
            #expect(times.count >= 2)
            if times.count >= 2 {
                // An HTTP date has whole seconds: "in 3 s" is at least 2 s after the refusal.
                #expect(
                    times[1].timeIntervalSince(times[0]) >= 1.5,
                    "retried after \(times[1].timeIntervalSince(times[0])) s")
            }
        }

        /// A photo fresh for an hour is not fetched again by a run seconds later, whatever `--now` says.
        @Test func photoFreshnessIsWallClockTime() async throws {
            let harness = try await PipelineHarness.start()
            harness.server.setPhoto(
                try Fixtures.data("photos/group-a.jpg"), named: "group-a.jpg", cacheControl: "max-age=3600")
            harness.server.setPhoto(
                try Fixtures.data("photos/group-b.png"), named: "group-b.png", contentType: "image/png",
                cacheControl: "max-age=3600")
            let config = try Self.writeConfig(harness)
            let environment = ["TEST_MEETUP_TOKEN": PipelineHarness.token]
            let base = ["--config", config.path, "--templates", Fixtures.templates.path, "--quiet"]
            let first = try await CommandRunner.run(base + ["--now", "2026-11-22T08:00:00Z"], environment: environment)
            #expect(first.status == 0 || first.status == 1, "\(first.stderr)")
            let requests = harness.server.photoRequests
            #expect(requests >= 2)
            _ = try await CommandRunner.run(base + ["--now", "2026-11-25T08:00:00Z"], environment: environment)
            let again = harness.server.photoRequests - requests
            // The photos that failed (missing, truncated) are asked for again; the two fresh ones are not.
            let failing = 2
            #expect(again <= failing, "\(again) photo requests on a run seconds later")
        }

        // MARK: Things that should never crash or lie

        /// A publish command and a sendmail that are not on PATH: one-line errors, exit 1,
        /// the site published and the night's digest archived.
        @Test func aMissingProgramIsAMessageNotACrash() async throws {
            let harness = try await PipelineHarness.start()
            let config = try Self.writeConfig(
                harness,
                extra: [
                    "publish": ["command": ["rsync-not-installed-here", "-a"]],
                    "digest": [
                        "email": [
                            "to": ["news@example.org"], "from": "m@example.org",
                            "sendmail": ["sendmail-not-installed-here", "-t"],
                            "onlyWhenChanged": false,
                        ]
                    ],
                ], history: true)
            let result = try await CommandRunner.run(
                [
                    "--config", config.path, "--templates", Fixtures.templates.path,
                    "--now", "2026-11-22T08:00:00Z",
                ],
                environment: ["TEST_MEETUP_TOKEN": PipelineHarness.token, "PATH": "/usr/bin:/bin"])
            #expect(result.status == 1 && !result.killedBySignal, "exit \(result.status): \(result.stderr.suffix(400))")
            #expect(!result.stderr.contains("Fatal error"))
            #expect(
                result.lastLine.contains(
                    "publish command: rsync-not-installed-here was not found on PATH (/usr/bin:/bin)"),
                "\(result.lastLine)")
            #expect(
                result.lastLine.contains("digest email: sendmail-not-installed-here was not found on PATH"),
                "\(result.lastLine)")
            #expect(
                FileManager.default.fileExists(
                    atPath: harness.outputDirectory.appendingPathComponent("index.html").path))
            #expect(
                FileManager.default.fileExists(
                    atPath: harness.config().stateDirectory.appendingPathComponent("digests/2026-11-22.json").path))
        }

        /// `check` fails an output that is a file, missing programs, an open key behind a
        /// cached token, and names every place it looked for templates.
        @Test func checkSaysWhatARunWouldTripOn() async throws {
            let fixture = try await AuthFixture.start()
            let harness = fixture.harness
            let auth: [String: Any] = [
                "type": "jwt", "clientKey": fixture.tokens.client.clientKey, "memberId": fixture.tokens.client.memberID,
                "signingKeyId": fixture.tokens.client.signingKeyID, "privateKeyFile": fixture.keyFile.path,
                "tokenEndpoint": fixture.tokenEndpoint.absoluteString,
            ]
            var extra: [String: Any] = [
                "source": [
                    "type": "meetup-api", "endpoint": harness.baseURL.appendingPathComponent("gql").absoluteString,
                    "auth": auth,
                ]
            ]
            fixture.tokens.setClock(nil)
            let good = try await CommandRunner.run([
                "check", "--config", try Self.writeConfig(harness, extra: extra).path,
                "--templates", Fixtures.templates.path,
            ])
            #expect(good.status == 0, "\(good.stdout)\(good.stderr)")

            // A token is cached now; the key becomes readable by the group.
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: fixture.keyFile.path)
            try FileManager.default.createDirectory(
                at: harness.outputDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: harness.outputDirectory)
            try Data("a file".utf8).write(to: harness.outputDirectory)
            extra["publish"] = ["command": ["rsync-not-installed-here"]]
            extra["digest"] = [
                "email": [
                    "to": ["a@example.org"], "from": "b@example.org",
                    "sendmail": [harness.folder.path("no-sendmail").path],
                ],
                // Two rooms of one service: each failure names its own (issue 61, item 8).
                "chat": [
                    ["service": "slack", "secretFile": harness.folder.path("slack-ops").path],
                    ["service": "slack", "secretVariable": "SLACK_NEWS_WEBHOOK"],
                ],
            ]
            try Data("https://hooks.slack.com/services/T0/B0/x\n".utf8).write(to: harness.folder.path("slack-ops"))
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o600], ofItemAtPath: harness.folder.path("slack-ops").path)
            let config = try Self.writeConfig(harness, extra: extra)
            // Run from the test's folder: no Templates folder in the working directory to fall back on.
            let bad = try await CommandRunner.run(
                ["check", "--config", config.path], environment: ["PATH": "/usr/bin:/bin"], in: harness.folder.url)
            #expect(bad.status == 1)
            let lines = bad.stdout
            #expect(
                lines.contains("FAILED  output folder: \(harness.outputDirectory.path) is a file, not a folder"),
                "\(lines)")
            #expect(
                lines.contains("FAILED  publish command: rsync-not-installed-here was not found on PATH"), "\(lines)")
            #expect(
                lines.contains("FAILED  digest email: \(harness.folder.path("no-sendmail").path) does not exist"),
                "\(lines)")
            #expect(
                lines.contains(
                    "FAILED  credentials: the private key \(fixture.keyFile.path) is readable by other users (mode 640)"
                ), "\(lines)")
            #expect(lines.contains("ok      digest to slack (digest.chat[0]): its secret is readable"), "\(lines)")
            #expect(lines.contains("FAILED  digest to slack (digest.chat[1]): "), "\(lines)")
            let installed = TemplateLocator.installedTemplates(for: CommandRunner.executable).path
            #expect(
                lines.contains(
                    "FAILED  templates: no templates found (looked for layout.html.mustache in \(harness.folder.path("Templates").path), "
                ), "\(lines)")
            // Each folder once (the config's folder is the working directory here: issue 62, item 12).
            #expect(lines.components(separatedBy: harness.folder.path("Templates").path).count == 2, "\(lines)")
            #expect(lines.contains(installed), "the installed share folder is named: \(lines)")
        }

        /// `auth` spends no token while a run holds the cache. It waits for the
        /// run (bounded, saying so) instead of failing, and a run waits for `auth` the same way.
        @Test func authWaitsForTheRunLockAndSpendsNoTokenMeanwhile() async throws {
            let fixture = try await AuthFixture.start()
            let config = fixture.config(.refreshToken(fixture.refresh))
            let held = LockedBox<RunLock?>(try RunLock(path: RunLock.cacheLockPath(config.cacheDirectory)))
            let said = LockedBox([String]())
            let tokensWhileHeld = LockedBox(-1)
            let result = await offThePool {
                AuthCheck.run(
                    config: config, environment: fixture.environment,
                    onWait: { message in
                        said.withLock { $0.append(message) }
                        tokensWhileHeld.withLock { $0 = fixture.tokens.requests }
                        held.withLock { $0 = nil }  // the run ends
                    })
            }
            guard case .success = result else { Issue.record("auth failed: \(result)"); return }
            #expect(
                said.withLock { $0 }.first?.hasPrefix(
                    "waiting for another meetup-report run (pid \(getpid())) to release ") == true,
                "\(said.withLock { $0 })")
            #expect(tokensWhileHeld.withLock { $0 } == 0, "no refresh token was spent while the run held the cache")
            // And a run is refused by nothing but another run: one that finds `auth` waits for it.
            let auth = LockedBox<RunLock?>(
                try RunLock(path: RunLock.cacheLockPath(config.cacheDirectory), holder: .auth))
            let observer = ReleasingObserver { auth.withLock { $0 = nil } }
            let summary = await fixture.harness.run(config, environment: fixture.environment, observer: observer)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(
                observer.warnings.first?.hasPrefix("waiting for `meetup-report auth` (pid \(getpid()))") == true,
                "\(observer.warnings)")
        }

        /// An observer that runs `release` at the first warning (a run saying it waits for a lock).
        final class ReleasingObserver: RunObserver {
            let release: @Sendable () -> Void
            private let collected = LockedBox([String]())
            var warnings: [String] { collected.withLock { $0 } }
            init(release: @escaping @Sendable () -> Void) { self.release = release }
            func stageStarted(_ stage: RunStage, total: Int) {}
            func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {}
            func photoProgress(_ progress: PhotoProgress) {}
            func warning(_ message: String) {
                let first = collected.withLock {
                    $0.append(message); return $0.count == 1
                }
                if first { release() }
            }
        }

        // MARK: The digest

        /// Items 8 and 9: a second run on the same day keeps the day's news; a third with nothing
        /// new rewrites no digest file; `--offline` shows the digest with its thumbnails.
        @Test func aDaysDigestGrowsAndIsNotRewrittenWhenNothingChanged() async throws {
            let harness = try await PipelineHarness.start()
            let config = try Self.writeConfig(harness, history: true)
            let environment = ["TEST_MEETUP_TOKEN": PipelineHarness.token]
            func run(_ now: String, offline: Bool = false) async throws -> CommandResult {
                try await CommandRunner.run(
                    ["--config", config.path, "--templates", Fixtures.templates.path, "--now", now, "--quiet"]
                        + (offline ? ["--offline"] : []), environment: environment)
            }
            _ = try await run("2026-11-22T08:00:00Z")
            try harness.loadSecondNight(
                newEvent: Fixtures.node(
                    id: "105", title: "Brand new", dateTime: "2026-11-26T18:00:00+01:00",
                    groupName: "Newcomers", groupPhoto: harness.photoURL("group-b.png")))
            _ = try await run("2026-11-23T08:00:00Z")
            let morning = try harness.page("digest.md")
            #expect(morning.contains("## New (1)") && morning.contains("Brand new"), "\(morning)")
            _ = try await run("2026-11-23T12:00:00Z")
            let noon = try harness.page("digest.md")
            #expect(
                noon.contains("## New (1)") && noon.contains("Brand new"),
                "a second run the same day keeps the morning's news: \(noon)")
            #expect(!noon.contains(DigestWriter.quietLine))
            #expect(try harness.page("digests/2026-11-23.md").contains("Brand new"))

            let digestFiles = [
                "digest.md", "digest.html", "digests/2026-11-23.md", "digests/2026-11-23.html", "digests/index.html",
            ]
            func modified(_ path: String) throws -> Date? {
                try FileManager.default.attributesOfItem(
                    atPath: harness.outputDirectory.appendingPathComponent(path).path)[.modificationDate] as? Date
            }
            let before = try digestFiles.map(modified)
            _ = try await run("2026-11-23T12:00:00Z")
            #expect(try digestFiles.map(modified) == before, "nothing changed: no digest file rewritten")

            #expect(noon.contains("![](<thumbs/"), "tonight's digest shows thumbnails: \(noon)")
            let offline = try await run("2026-11-23T12:00:00Z", offline: true)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(try harness.page("digest.md") == noon, "--offline shows the digest as the run did")
        }

        /// A failed query is named in the digest, with when its stale events are from.
        @Test func aFailedQueryIsInTheDigest() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            config.digest.onlyWhenChanged = true
            func run(night: Double) async -> RunSummary {
                await harness.run(
                    config,
                    options: RunOptions(
                        now: PipelineHarness.now.addingTimeInterval(night * 86_400),
                        digestToStandardOutput: true))
            }
            _ = await run(night: 0)
            harness.server.setPageFault(.status(500), keyword: "rust", page: 1)
            let failed = await run(night: 1)
            let text = try #require(failed.digestText, "a failure is news: printed")
            #expect(
                text.contains(
                    "Not checked tonight (1)\n- Rust — the search failed; its events are shown as they were at 22 Nov 2026, 09:00 CET"
                ), "\(text)")
            #expect(!text.contains(DigestWriter.quietLine))
            #expect(try harness.page("digest.md").contains("**Rust**: the search failed"))
        }

        /// A non-ASCII display name is encoded, the message says it is automatic, the subject counts.
        @Test func emailHeadersAreEncodedAndSayWhatTheMessageIs() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            let folder = harness.folder.path("mail")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sendmail = folder.appendingPathComponent("sendmail")
            try Data("#!/bin/sh\ncat > \"\(folder.appendingPathComponent("message.eml").path)\"\n".utf8).write(
                to: sendmail)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
            var email = DigestEmailSettings(
                to: ["Zoë Admin <admin@example.org>"], from: "Café Meetups <meetups@example.org>")
            email.sendmail = [sendmail.path]
            config.digest.email = email
            _ = await harness.run(config)
            try harness.loadSecondNight(
                newEvent: Fixtures.node(id: "105", title: "Brand new", dateTime: "2026-11-26T18:00:00+01:00"))
            let night = PipelineHarness.now.addingTimeInterval(86_400)
            let second = await harness.run(config, now: night, clock: { night })
            #expect(second.succeeded, "\(second.line)")
            let script = """
                import email, email.policy, sys
                msg = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=email.policy.default)
                print(msg['From'].addresses[0].display_name); print(msg['From'].addresses[0].addr_spec)
                print(msg['To'].addresses[0].display_name); print(msg['Auto-Submitted']); print(msg['Subject'])
                """
            let output = try await CommandRunner.python(script, folder.appendingPathComponent("message.eml").path)
            #expect(
                output
                    == "Café Meetups\nmeetups@example.org\nZoë Admin\nauto-generated\nMeetups 2026-11-23: 1 new, 1 moved, 1 cancelled\n",
                "\(output)")
            let raw = try Data(contentsOf: folder.appendingPathComponent("message.eml"))
            let headerEnd = raw.range(of: Data("\r\n\r\n".utf8))?.lowerBound ?? raw.endIndex
            #expect(raw[..<headerEnd].allSatisfy { $0 < 0x80 }, "headers are 7-bit")
        }
    }
}

/// The scripts' shared installer, with an apt-get that always fails: under CI=true a
/// tool that cannot be had fails the check; elsewhere the check says it skipped.
@Suite("Set-up scripts")
struct SetupScriptTests {
    func attempt(ci: Bool) async throws -> CommandResult {
        let folder = try TemporaryDirectory()
        let fakeApt = folder.path("apt-get")
        try Data("#!/bin/sh\necho \"E: Could not get lock /var/lib/dpkg/lock-frontend\" >&2\nexit 100\n".utf8).write(
            to: fakeApt)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeApt.path)
        let script = """
            source "\(Fixtures.packageRoot.appendingPathComponent("Scripts/lib/tools.sh").path)"
            need_apt no-such-tool-for-this-test no-such-package || { unavailable "the test tool"; echo "skipped"; exit 0; }
            echo "installed"
            """
        var environment = ["PATH": "\(folder.url.path):/usr/bin:/bin", "TOOLS_RETRY_SECONDS": "0"]
        if ci { environment["CI"] = "true" }
        return try await CommandRunner.run(
            ["-c", script], environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func aToolThatCannotBeInstalledFailsUnderCIAndSaysSoElsewhere() async throws {
        let ci = try await attempt(ci: true)
        #expect(ci.status != 0, "\(ci.stdout)\(ci.stderr)")
        #expect(ci.stderr.contains("FAILED: the test tool cannot be installed, and CI=true"), "\(ci.stderr)")
        #expect(ci.stderr.components(separatedBy: "failed (attempt").count - 1 == 3, "tried three times: \(ci.stderr)")
        let local = try await attempt(ci: false)
        #expect(
            local.status == 0 && local.stdout.hasSuffix("skipped\n") && !local.stdout.contains("installed\n"),
            "\(local.stdout)\(local.stderr)")
        #expect(local.stderr.contains("skipped: the test tool cannot be installed here"))
    }
}
