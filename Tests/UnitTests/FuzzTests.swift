import Foundation
import LoopbackServer
@testable import MeetupConfig
@testable import MeetupFetch
import MeetupModel
import MeetupNetwork
import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// Random JSON built from the words the parsers look for, so inputs reach deep
/// into the mapping instead of failing at the first key.
struct JSONFuzzer {
    var random: SeededGenerator
    let keys: [String]
    let strings: [String]

    mutating func value(depth: Int) -> Any {
        switch Int.random(in: 0..<(depth > 4 ? 5 : 8), using: &random) {
        case 0: return NSNull()
        case 1: return Bool.random(using: &random)
        case 2:
            return [Double.random(in: -1e6...1e6, using: &random), 0, -0.5, 91, 1e300, 52.5][
                Int.random(in: 0..<6, using: &random)]
        case 3: return Int.random(in: -5...100, using: &random)
        case 4: return strings[Int.random(in: 0..<strings.count, using: &random)]
        case 5, 6:
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                object[keys[Int.random(in: 0..<keys.count, using: &random)]] = value(depth: depth + 1)
            }
            return object
        default:
            return (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1) }
        }
    }

    mutating func document() -> Data {
        let root = value(depth: 0)
        return (try? JSONSerialization.data(withJSONObject: root, options: [.fragmentsAllowed])) ?? Data("null".utf8)
    }

    /// Flips, inserts, deletes or truncates bytes of a real document.
    mutating func mutate(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1:
                let syntax = Array("{}[]\",:\\0e-".utf8)
                bytes.insert(syntax[Int.random(in: 0..<syntax.count, using: &random)], at: index)
            case 2: bytes.remove(at: index)
            default: bytes.removeSubrange(index...)
            }
        }
        return Data(bytes)
    }
}

@Suite("Fuzzing the mapping and the config parser")
struct FuzzTests {
    static let iterations = 10_000

    @Test func apiMappingNeverCrashesAndKeepsItsInvariants() throws {
        var fuzzer = JSONFuzzer(
            random: SeededGenerator(state: 0x5EED_0001),
            keys: [
                "data", "errors", "message", "eventSearch", "groupByUrlname", "events", "proNetwork", "eventsSearch",
                "edges", "node", "pageInfo", "hasNextPage", "endCursor", "id", "title", "name", "dateTime", "endTime",
                "duration", "eventUrl", "link", "venues", "venue", "venueType", "lat", "lon", "city", "group",
                "urlname",
                "keyGroupPhoto", "featuredEventPhoto", "highResUrl", "baseUrl", "rsvps", "totalCount", "status",
                "time", "utc_offset", "local_date", "local_time", "yes_rsvp_count", "photo", "highres_link",
            ],
            strings: [
                "", "1", "2026-12-01T19:00:00+01:00", "2026-12-01T19:00", "PT2H", "P1D", "online", "CANCELLED",
                "https://www.meetup.com/x/events/1/", "javascript:alert(1)", "file:///etc/passwd", "<script>",
                "\u{0}\u{7}", "🎉", "2020-01-01", "18:00", "data:,x", "https://secure.meetupstatic.com/p.jpeg",
            ])
        let seeds = try ["group-events-rladies-lagos-1", "group-events-inst-5", "pro-events-3", "group-events-inst-2"]
            .map { try Fixtures.data("meetupr/\($0).json") }
        var mapped = 0, rejected = 0
        for index in 0..<Self.iterations {
            let input = index % 2 == 0 ? fuzzer.document() : fuzzer.mutate(seeds[index % seeds.count])
            do throws(PageMappingError) {
                let page = try EventMapper.page(from: input)
                mapped += 1
                #expect((try? EventMapper.page(from: input)) == page, "input \(index): mapping is deterministic")
                for event in page.events {
                    #expect(!event.id.isEmpty && !event.title.isEmpty, "input \(index)")
                    #expect(!event.title.unicodeScalars.contains { $0.value < 0x20 }, "input \(index)")
                    for url in [event.eventURL, event.groupPhotoURL, event.eventPhotoURL].compactMap({ $0 }) {
                        #expect(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "input \(index): \(url)")
                    }
                }
            } catch {
                rejected += 1  // a typed PageMappingError: the only way mapping may fail
                let reason =
                    switch error {
                    case .notJSON(let reason), .unexpectedShape(let reason): reason
                    case .graphQLErrors(let messages), .tokenRejected(let messages), .groupFailed(_, _, let messages):
                        messages.joined()
                    }
                #expect(!reason.isEmpty, "input \(index): a rejection says why")
            }
        }
        #expect(
            mapped > 500 && rejected > 500, "the fuzzer reaches both outcomes (\(mapped) mapped, \(rejected) rejected)")
    }

    @Test func configParserNeverCrashesAndOnlyAcceptsValidConfigs() throws {
        var fuzzer = JSONFuzzer(
            random: SeededGenerator(state: 0x5EED_0002),
            keys: [
                "title", "baseURL", "timeZone", "source", "type", "endpoint", "tokenVariable", "directory", "queries",
                "id", "keyword", "lat", "lon", "radiusMiles", "daysAhead", "maxEvents", "output", "cache",
                "thumbnailWidth", "photoConcurrency", "limits", "retries", "requestTimeout",
            ],
            strings: [
                "", "x", "meetup-api", "snapshot", "https://example.org/", "Europe/Berlin", "Mars/Base", "MEETUP_TOKEN",
                "swift", "../etc", "a-b", "ftp://x", "/tmp",
            ])
        let valid = Data(ConfigLoaderTests.valid.utf8)
        let base = URL(fileURLWithPath: "/srv")
        let loader = ConfigLoader(environment: ["MEETUP_TOKEN": "t"])
        var accepted = 0, rejected = 0
        for index in 0..<Self.iterations {
            let input = index % 2 == 0 ? fuzzer.document() : fuzzer.mutate(valid)
            do throws(ConfigError) {
                let config = try loader.parse(input, file: "fuzz.json", baseDirectory: base)
                accepted += 1
                #expect(
                    (try? loader.parse(input, file: "fuzz.json", baseDirectory: base))?.queries == config.queries,
                    "input \(index): loading is deterministic")
                #expect(!config.queries.isEmpty)
                #expect(Set(config.queries.map(\.id)).count == config.queries.count)
                for query in config.queries {
                    #expect(query.id.range(of: #"^[a-z0-9][a-z0-9-]*$"#, options: .regularExpression) != nil)
                    if let area = query.searchArea {
                        #expect((-90...90).contains(area.latitude) && (-180...180).contains(area.longitude))
                        #expect(area.radiusMiles > 0)
                    }
                }
            } catch {
                rejected += 1
                #expect(error.description.hasPrefix("fuzz.json: "), "every rejection names the file")
            }
        }
        #expect(accepted > 20 && rejected > 5000, "\(accepted) accepted, \(rejected) rejected")
    }
}
