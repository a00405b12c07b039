import Foundation
import LoopbackServer
@testable import MeetupReportTestSupport
import Testing

extension LoopbackSuites {
    @Suite("A site in several languages: a folder each, hreflang, one fetch, nights that cost what changed")
    struct LanguagesTests {
        /// The demo's config in `languages`, writing into `folder`.
        static func config(_ languages: [String], in folder: TemporaryDirectory) throws -> URL {
            let demo = Fixtures.packageRoot.appendingPathComponent("Examples/demo")
            var config = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: demo.appendingPathComponent("config.json")))
                    as? [String: Any])
            config["languages"] = languages
            config["search"] = false
            config["source"] = ["type": "snapshot", "directory": demo.appendingPathComponent("snapshot").path]
            config["calendars"] = [
                [
                    "id": "tu-talks", "title": "TU Berlin open talks", "daysAhead": 60,
                    "file": demo.appendingPathComponent("calendars/tu-berlin-talks.ics").path,
                ]
            ]
            for (key, name) in [("output", "Output"), ("cache", "cache"), ("state", "state")] {
                config[key] = folder.path(name).path
            }
            let file = folder.path("config.json")
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            return file
        }

        static func run(_ config: URL) async throws -> CommandResult {
            try await CommandRunner.run([
                "--config", config.path, "--templates", Fixtures.templates.path, "--now", "2026-11-22T08:00:00Z",
                "--quiet",
            ])
        }

        @Test func eachLanguageIsAFolderOfItsOwnLinkedByHreflang() async throws {
            let folder = try TemporaryDirectory()
            let result = try await Self.run(try Self.config(["en", "es"], in: folder))
            #expect(result.status == 0, "\(result.stderr)")
            let read = { (path: String) in try String(contentsOf: folder.path("Output/\(path)"), encoding: .utf8) }
            let english = try read("en/queries/rust.html")
            let spanish = try read("es/queries/rust.html")
            #expect(english.contains("<html lang=\"en\">") && spanish.contains("<html lang=\"es\">"))
            #expect(spanish.contains("«rust» a menos de 40 km de Berlin") && english.contains("within 25 mi of Berlin"))
            for page in [english, spanish] {
                #expect(
                    page.contains(
                        "<link rel=\"alternate\" hreflang=\"es\" href=\"https://meetups.example.org/berlin/es/queries/rust.html\">"
                    ))
                #expect(
                    page.contains(
                        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://meetups.example.org/berlin/en/queries/rust.html\">"
                    ))
            }
            #expect(english.contains("<a href=\"../../es/queries/rust.html\" hreflang=\"es\" lang=\"es\">Español</a>"))
            #expect(
                spanish.contains(
                    "<link rel=\"canonical\" href=\"https://meetups.example.org/berlin/es/queries/rust.html\">"))
            // The root offers the languages; each language's feed and calendar are its own.
            let root = try read("index.html")
            #expect(root.contains("<a href=\"es/index.html\" hreflang=\"es\" lang=\"es\">Español</a>"))
            #expect(try read("es/queries/rust.ics").contains("BEGIN:VCALENDAR"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("Output/queries").path))
        }

        @Test func aNightOnWhichNothingChangedRewritesNoFileInEitherLanguage() async throws {
            let folder = try TemporaryDirectory()
            let config = try Self.config(["de", "pt-BR"], in: folder)
            #expect(try await Self.run(config).status == 0)
            func stamps() throws -> [String: Date] {
                let root = folder.path("Output")
                var stamps: [String: Date] = [:]
                for case let path as String in FileManager.default.enumerator(atPath: root.path) ?? .init() {
                    let attributes = try FileManager.default.attributesOfItem(atPath: root.path + "/" + path)
                    guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                    stamps[path] = attributes[.modificationDate] as? Date
                }
                return stamps
            }
            let before = try stamps()
            #expect(before.keys.contains { $0.hasPrefix("de/") } && before.keys.contains { $0.hasPrefix("pt-BR/") })
            let second = try await Self.run(config)
            #expect(second.status == 0, "\(second.stderr)")
            let after = try stamps()
            #expect(after.keys.sorted() == before.keys.sorted())
            let rewritten = after.filter { before[$0.key] != $0.value }.keys.sorted()
            #expect(rewritten.isEmpty, "rewritten: \(rewritten.prefix(10))")
        }

        @Test func bothLanguageKeysAreRefused() async throws {
            let folder = try TemporaryDirectory()
            let file = try Self.config(["en", "es"], in: folder)
            var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            config["language"] = "fr"
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            let result = try await Self.run(file)
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("languages") && result.stderr.contains("nothing beside \"language\""),
                "\(result.stderr)")
        }
    }
}
