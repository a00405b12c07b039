import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// The digest by email, through a fake sendmail that keeps what it was given,
/// read back by Python's `email` parser (not ours).
extension LoopbackSuites {
    @Suite("Nightly digest by email")
    struct DigestEmailTests {
        func fakeSendmail(in folder: TemporaryDirectory, status: Int = 0) throws -> URL {
            let script = folder.path("sendmail")
            try Data(
                """
                #!/bin/sh
                printf '%s\\n' "$@" > "\(folder.path("sendmail-argv").path)"
                env > "\(folder.path("sendmail-env").path)"
                cat > "\(folder.path("message.eml").path)"
                [ \(status) -eq 0 ] || echo "sendmail: cannot connect to the relay" >&2
                exit \(status)

                """.utf8
            ).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return script
        }

        func run(_ harness: PipelineHarness, _ config: ReportConfig, night: Double) async -> RunSummary {
            await harness.run(
                config, options: RunOptions(now: PipelineHarness.now.addingTimeInterval(night * 86_400)),
                environment: ["PATH": "/usr/bin:/bin"])
        }

        @Test func oneMessageWithBothPartsAndHostileTitlesHarmless() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            config.siteTitle = "Café Meetups"
            var email = DigestEmailSettings(
                to: ["news@example.org", "Ada <ada@example.org>"], from: "Meetups <meetups@example.org>")
            email.subject = "Café digest {date}\r\nBcc: injected@example.org"
            email.sendmail = [try fakeSendmail(in: harness.folder).path, "-t", "-i"]
            config.digest.email = email
            harness.server.setPages(
                [
                    try Fixtures.page(
                        [
                            Fixtures.node(
                                id: "900", title: "Evil\r\nBcc: victim@example.org\r\n\r\n<script>alert(1)</script> 東京",
                                dateTime: "2026-11-24T19:00:00+01:00",
                                groupName: "Group\nX-Injected: yes")
                        ], endCursor: nil)
                ], forKeyword: "online")
            let summary = await run(harness, config, night: 0)
            #expect(summary.succeeded, "\(summary.line)")
            #expect(try String(contentsOf: harness.folder.path("sendmail-argv"), encoding: .utf8) == "-t\n-i\n")
            #expect(
                try !String(contentsOf: harness.folder.path("sendmail-env"), encoding: .utf8).contains(
                    PipelineHarness.token))

            let raw = try Data(contentsOf: harness.folder.path("message.eml"))
            let lines = raw.split(separator: UInt8(ascii: "\n"))
            #expect(lines.count > 20 && lines.allSatisfy { $0.count < 998 }, "every line under 998 octets")
            let report = try await Self.parseWithPython(harness.folder.path("message.eml"))
            #expect(report["content_type"] == "multipart/alternative")
            #expect(report["parts"] == "text/plain,text/html")
            #expect(report["subject"] == "Café digest 2026-11-22 Bcc: injected@example.org", "\(report)")
            #expect(report["bcc"] == "None" && report["x_injected"] == "None", "no header came from data: \(report)")
            #expect(report["to"] == "news@example.org, Ada <ada@example.org>")
            #expect(report["date_ok"] == "True" && report["message_id_ok"] == "True" && report["mime"] == "1.0")
            #expect(
                report["plain_has_event"] == "True" && report["html_has_script"] == "False"
                    && report["html_escaped"] == "True", "\(report)")
            #expect(report["html_links_absolute"] == "True", "\(report)")
        }

        @Test func aQuietNightSendsNothingAndAFailedSendmailFailsTheRun() async throws {
            let harness = try await PipelineHarness.start()
            var config = harness.config(history: true)
            var email = DigestEmailSettings(to: ["news@example.org"], from: "meetups@example.org")
            email.sendmail = [try fakeSendmail(in: harness.folder).path]
            config.digest.email = email
            #expect(await run(harness, config, night: 0).succeeded)
            try FileManager.default.removeItem(at: harness.folder.path("message.eml"))
            #expect(await run(harness, config, night: 1).succeeded)
            #expect(
                !FileManager.default.fileExists(atPath: harness.folder.path("message.eml").path), "quiet: no message")

            email.onlyWhenChanged = false
            email.sendmail = [try fakeSendmail(in: harness.folder, status: 75).path]
            config.digest.email = email
            let failed = await run(harness, config, night: 2)
            #expect(!failed.succeeded && failed.published)
            #expect(
                failed.line.contains("digest email: sendmail exited with 75: sendmail: cannot connect to the relay"),
                "\(failed.line)")
        }

        /// Python's email package reads the message; the answers come back as key=value lines.
        static func parseWithPython(_ file: URL) async throws -> [String: String] {
            let script = """
                import email, email.policy, email.utils, sys, re
                msg = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=email.policy.default)
                parts = [p for p in msg.iter_parts()]
                plain = parts[0].get_content(); html = parts[1].get_content()
                out = {
                  'content_type': msg.get_content_type(), 'parts': ','.join(p.get_content_type() for p in parts),
                  'subject': str(msg['Subject']), 'bcc': str(msg['Bcc']), 'x_injected': str(msg['X-Injected']), 'to': str(msg['To']),
                  'date_ok': str(email.utils.parsedate_to_datetime(str(msg['Date'])) is not None),
                  'message_id_ok': str(bool(re.fullmatch(r'<[^<>@\\s]+@[^<>@\\s]+>', str(msg['Message-ID']).strip()))),
                  'mime': str(msg['MIME-Version']),
                  'plain_has_event': str('Evil Bcc: victim@example.org' in plain and '東京' in plain),
                  'html_has_script': str('<script' in html.lower()), 'html_escaped': str('&lt;script&gt;' in html),
                  'html_links_absolute': str(all(h.startswith(('https://', 'http://')) for h in re.findall(r'(?:href|src)="([^"]*)"', html))),
                }
                for k, v in out.items(): print(f'{k}={v}')
                """
            let output = try await CommandRunner.python(script, file.path)
            var report: [String: String] = [:]
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { report[parts[0]] = parts[1] }
            }
            return report
        }
    }
}
