import Foundation
import MeetupFetch
import MeetupSupport

/// The fetch stage's CPU on its own: W2's 60 answers (the realistic descriptions, 58 MB) parsed
/// into a JSON tree, then parsed and mapped into events, as each answer is when it arrives. The
/// hand-written `JSONParser` is measured here, beside JSONSerialization on the same bytes.
enum ParseBench {
    static func measure(_ workload: Workload) throws -> String {
        let pages = try workload.pages(photoBase: URL(string: "http://127.0.0.1:9/")!).values.flatMap { $0 }
        let megabytes = Double(pages.reduce(0) { $0 + $1.count }) / 1_000_000
        func best(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<5 {
                let started = ContinuousClock.now
                try body()
                times.append((ContinuousClock.now - started).seconds)
            }
            return times.min() ?? 0
        }
        var events = 0
        let parse = try best { for page in pages { _ = try JSONValue.parse(page) } }
        let map = try best {
            events = 0
            for page in pages { events += try EventMapper.page(from: page).events.count }
        }
        var distinct = 0
        let shared = try best {
            let nodes = EventNodes()
            for page in pages { _ = try EventMapper.page(from: page, nodes: nodes) }
            distinct = nodes.count
        }
        let primed = EventNodes()
        for page in pages { _ = try EventMapper.page(from: page, nodes: primed) }
        let known = try best { for page in pages { _ = try EventMapper.page(from: page, nodes: primed) } }
        let foundation = try best { for page in pages { _ = try JSONSerialization.jsonObject(with: page) } }
        func line(_ name: String, _ seconds: Double) -> String {
            "  " + name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + String(format: "%6.3f s  %6.1f MB/s", seconds, megabytes / seconds)
        }
        return [
            String(
                format: "parse (%@, %d answers, %.1f MB, %d events; best of 5, one core):", workload.name,
                pages.count, megabytes, events),
            line("JSONParser (JSONValue tree)", parse),
            line("JSONParser and EventMapper (events)", map),
            line("the same, each node once (\(distinct) of \(events))", shared),
            line("the same, every node known", known),
            line("JSONSerialization (reference)", foundation),
        ].joined(separator: "\n")
    }
}
