import FlyingFox
import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// The digest posted to Slack, Discord, Matrix and Mastodon: loopback servers check each
/// payload against the service's documented limits and shapes (`ChatServer`), with event
/// titles made to ping rooms and break markup.
extension LoopbackSuites {
    @Suite("Nightly digest in chat")
    struct DigestChatTests {
        static let hostile = [
            "@everyone <!channel> @room @here — free pizza *now* [x](javascript:y) <script>alert(1)</script>",
            "Ask @alice@mastodon.social about <@123> & `code` ||spoiler|| # heading",
        ]

        func targets(_ chat: URL) -> (targets: [ChatTarget], environment: [String: String]) {
            var matrix = ChatTarget(service: .matrix, secret: .variable("MATRIX_TOKEN"), keyPath: "digest.chat[2]")
            matrix.homeserver = chat
            matrix.room = "!ops:example.org"
            var mastodon = ChatTarget(
                service: .mastodon, secret: .variable("MASTODON_TOKEN"), keyPath: "digest.chat[3]")
            mastodon.instance = chat
            return (
                [
                    ChatTarget(service: .slack, secret: .variable("SLACK_WEBHOOK"), keyPath: "digest.chat[0]"),
                    ChatTarget(service: .discord, secret: .variable("DISCORD_WEBHOOK"), keyPath: "digest.chat[1]"),
                    matrix, mastodon,
                ],
                [
                    "SLACK_WEBHOOK": chat.absoluteString + ChatServer.slackPath,
                    "DISCORD_WEBHOOK": chat.absoluteString + ChatServer.discordPath,
                    "MATRIX_TOKEN": ChatServer.matrixToken, "MASTODON_TOKEN": ChatServer.mastodonToken,
                ]
            )
        }

        /// Thirty new events on the second night: more than Discord's ten embeds.
        func loadBusyNight(_ harness: PipelineHarness, day: Int = 25) throws {
            var nodes = Self.hostile.enumerated().map { index, title in
                Fixtures.node(
                    id: day == 25 ? "70\(index)" : "7\(day)\(index)", title: title,
                    dateTime: "2026-11-\(day)T19:00:00+01:00")
            }
            for index in 0..<30 {
                nodes.append(
                    Fixtures.node(
                        id: "80\(index)", title: "Workshop \(index) " + String(repeating: "long title ", count: 20),
                        dateTime: "2026-11-2\(index % 5 + 4)T18:00:00+01:00"))
            }
            harness.server.setPages([try Fixtures.page(nodes, endCursor: nil)], forKeyword: "online")
        }

        func start() async throws -> (PipelineHarness, ChatServer, URL) {
            let harness = try await PipelineHarness.start()
            let chat = try ChatServer()
            let url = try await chat.start()
            return (harness, chat, url)
        }

        @Test func fourRoomsEachGetOnePostWithinTheirLimitsThatPingsNoOne() async throws {
            let (harness, chat, url) = try await start()
            defer { Task { await chat.stop() } }
            var config = harness.config(history: true)
            let (targets, environment) = targets(url)
            config.digest.chat = targets
            #expect(
                await harness.run(config, options: RunOptions(now: PipelineHarness.now), environment: environment)
                    .succeeded)
            try loadBusyNight(harness)
            let night = RunOptions(now: PipelineHarness.now.addingTimeInterval(86_400))
            let log = RecordingObserver()
            let summary = await harness.run(config, options: night, environment: environment, observer: log)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(chat.problems.isEmpty, "\(chat.problems)")
            let second = chat.posts.suffix(4)
            #expect(second.map(\.service) == ["slack", "discord", "matrix", "mastodon"])
            let discord = try #require(second.first { $0.service == "discord" })
            #expect(discord.body["embeds"]?.arrayValue?.count == 10, "ten embeds; the rest behind the link")
            #expect(discord.body["content"]?.stringValue?.contains("more") == true)
            #expect(discord.body["content"]?.stringValue?.contains("https://example.org/digest.html") == true)
            let slack = try #require(second.first { $0.service == "slack" })
            #expect(slack.body.compactJSON.contains("&lt;!channel&gt;"), "Slack's escaping: text, not a mention")
            #expect(slack.body.compactJSON.contains("https://example.org/events/700.html"), "links to the event page")
            let matrix = try #require(second.first { $0.service == "matrix" })
            #expect(matrix.body["formatted_body"]?.stringValue?.contains("&lt;script&gt;") == true)
            let mastodon = try #require(second.first { $0.service == "mastodon" })
            #expect(mastodon.body["visibility"]?.stringValue == "unlisted")
            // No secret in the summary or the log.
            let said = summary.line + log.warnings.joined(separator: "\n")
            for secret in environment.values { #expect(!said.contains(secret)) }

            // The same night again: the same digest, posted nowhere twice.
            let before = chat.requests
            #expect(await harness.run(config, options: night, environment: environment).succeeded)
            #expect(chat.requests == before, "a re-run that changes nothing posts nothing")
        }

        @Test func aRateLimitIsWaitedOutAndAFailedPostFailsTheRunAndIsTriedAgain() async throws {
            let (harness, chat, url) = try await start()
            defer { Task { await chat.stop() } }
            var config = harness.config(history: true)
            let (targets, environment) = targets(url)
            config.digest.chat = [targets[0]]
            // Slack says 429 (Retry-After: 0) once: the post is sent again and taken, once.
            chat.failNext([.tooManyRequests])
            let first = await harness.run(
                config, options: RunOptions(now: PipelineHarness.now), environment: environment)
            #expect(first.succeeded, "\(first.line)")
            #expect(chat.requests == 2 && chat.posts.count == 1)

            // A 500 from a webhook is not retried (it may have been posted): the run fails, the site is
            // published, and the next run does not post it again (issue 61, item 9).
            try loadBusyNight(harness)
            chat.failNext([.internalServerError])
            let night = RunOptions(now: PipelineHarness.now.addingTimeInterval(86_400))
            let failed = await harness.run(config, options: night, environment: environment)
            #expect(!failed.succeeded && failed.published)
            #expect(
                failed.line.contains("digest to slack (digest.chat[0]): HTTP 500 (not sent again"), "\(failed.line)")
            #expect(!failed.line.contains("slack-secret"), "the webhook's token is never said")
            #expect(chat.requests == 3)
            let again = await harness.run(config, options: night, environment: environment)
            #expect(again.succeeded && chat.requests == 3, "a post Slack may have taken is not sent twice")

            // A 400 says it was not taken: the next run posts it.
            let third = RunOptions(now: PipelineHarness.now.addingTimeInterval(2 * 86_400))
            try loadBusyNight(harness, day: 27)
            chat.failNext([.badRequest])
            let refused = await harness.run(config, options: third, environment: environment)
            #expect(!refused.succeeded && refused.line.contains("HTTP 400") && !refused.line.contains("not sent again"))
            let retried = await harness.run(config, options: third, environment: environment)
            #expect(retried.succeeded, "\(retried.line)")
            #expect(chat.posts.count == 2 && chat.requests == 5)
        }

        /// Issue 61, items 6 and 9: Matrix says how long to wait in its body (`retry_after_ms`), Mastodon
        /// in `X-RateLimit-Reset`; a Matrix post whose fate is unknown is sent again (its transaction id
        /// makes that safe), a Mastodon one is not.
        @Test func eachServiceIsWaitedOutByItsOwnSignalAndResentOnlyWhereSafe() async throws {
            let (harness, chat, url) = try await start()
            defer { Task { await chat.stop() } }
            var config = harness.config(history: true)
            let (targets, environment) = targets(url)
            config.digest.chat = [targets[2], targets[3]]
            chat.failNext([
                ChatServer.Fault(
                    status: .tooManyRequests, body: #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":2500}"#),
                nil,
                ChatServer.Fault(status: .tooManyRequests, headers: ["X-RateLimit-Reset": "2026-11-22T08:00:03.000Z"]),
            ])
            harness.scheduler.reset()
            let first = await harness.run(
                config, options: RunOptions(now: PipelineHarness.now), environment: environment)
            #expect(first.succeeded, "\(first.line)")
            let waits = harness.scheduler.waits
            #expect(waits.count == 2 && abs(waits[0] - 2.5) < 0.01 && abs(waits[1] - 3) < 0.01, "\(waits)")
            #expect(chat.posts.map(\.service) == ["matrix", "mastodon"])

            try loadBusyNight(harness)
            // Retried within the run (their keys make that safe) until the retries run out.
            config.limits.retries = 1
            let (failing, bad) = (ChatServer.Fault(status: .internalServerError), ChatServer.Fault(status: .badGateway))
            chat.failNext([failing, failing, bad, bad])
            let night = RunOptions(now: PipelineHarness.now.addingTimeInterval(86_400))
            let failed = await harness.run(config, options: night, environment: environment)
            #expect(!failed.succeeded && failed.published)
            #expect(failed.line.contains("digest to mastodon (digest.chat[3]): HTTP 502 (not sent again"))
            #expect(
                failed.line.contains("digest to matrix (digest.chat[2]): HTTP 500")
                    && !failed.line.contains(
                        "matrix (digest.chat[2]): HTTP 500 (not sent again"),
                "\(failed.line)")
            let next = await harness.run(config, options: night, environment: environment)
            #expect(next.succeeded, "\(next.line)")
            #expect(chat.posts.map(\.service) == ["matrix", "mastodon", "matrix"], "Matrix again, Mastodon not")
        }

        /// Issue 61, item 4: with two webhooks on one host, the second post went over the kept-alive
        /// connection; when that died, libcurl sent it again by itself, with an empty body.
        @Test func aWebhookPostIsNeverSentTwiceBelowTheChatCode() async throws {
            let harness = try await PipelineHarness.start()
            let raw = try RawFaultServer(.dropsReusedConnections(answer: #"{"id":"1"}"#))
            defer { raw.stop() }
            var config = harness.config(history: true)
            config.digest.chat = [
                ChatTarget(service: .discord, secret: .variable("HOOK_A"), keyPath: "digest.chat[0]"),
                ChatTarget(service: .discord, secret: .variable("HOOK_B"), keyPath: "digest.chat[1]"),
            ]
            let environment = [
                "HOOK_A": raw.baseURL.absoluteString + "/api/webhooks/1/aaaa",
                "HOOK_B": raw.baseURL.absoluteString + "/api/webhooks/2/bbbb",
            ]
            let summary = await harness.run(
                config, options: RunOptions(now: PipelineHarness.now), environment: environment)
            #expect(summary.succeeded, "\(summary.line)")
            let bodies = raw.bodies
            #expect(bodies.count == 2, "one request a post: \(bodies.map(\.count))")
            #expect(bodies.allSatisfy { !$0.isEmpty }, "no post without its body: \(bodies.map(\.count))")
        }

        @Test func aMissingSecretIsAClearFailureAndNoChildSeesTheSecrets() async throws {
            let (harness, chat, url) = try await start()
            defer { Task { await chat.stop() } }
            var config = harness.config(history: true)
            let (targets, environment) = targets(url)
            config.digest.chat = targets
            // A child (sendmail here) gets none of the rooms' secrets.
            let sendmail = harness.folder.path("sendmail")
            try Data("#!/bin/sh\nenv > \"\(harness.folder.path("child-env").path)\"\ncat > /dev/null\n".utf8)
                .write(to: sendmail)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
            var email = DigestEmailSettings(to: ["news@example.org"], from: "meetups@example.org")
            email.sendmail = [sendmail.path]
            config.digest.email = email
            var missing = environment
            missing["MATRIX_TOKEN"] = nil
            let summary = await harness.run(
                config, options: RunOptions(now: PipelineHarness.now), environment: missing)
            #expect(!summary.succeeded && summary.published)
            #expect(summary.line.contains("MATRIX_TOKEN is not set or empty"), "\(summary.line)")
            #expect(chat.posts.map(\.service) == ["slack", "discord", "mastodon"])
            let childEnvironment = try String(contentsOf: harness.folder.path("child-env"), encoding: .utf8)
            for (name, secret) in missing {
                #expect(!childEnvironment.contains(secret) && !childEnvironment.contains(name + "="))
            }
        }
    }
}
