import ArgumentParser
import Foundation
import MeetupModel
import MeetupPipeline
import MeetupSupport

/// `meetup-report discover`: every group on a topic near a place, and the query to follow them.
struct DiscoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Find the groups on a topic near a place, and print a groups query to follow them.",
        discussion: """
            Asks Meetup's group search (the config's API and credentials, as a run uses them) for \
            --keyword within --radius miles of --near, and prints each group's name, urlname, city, \
            members and last and next event, then a ready `groups` query to paste into the config's \
            "queries". Nothing is fetched for the site or published.

            Exit status: 0 found (or found none); 1 the API could not be asked (the reason is printed); \
            2 bad command line or config.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The topic, as in Meetup's search box.", valueName: "words"))
    var keyword: String

    @Option(help: ArgumentHelp("The place: latitude,longitude in degrees.", valueName: "lat,lon"))
    var near: String

    @Option(help: ArgumentHelp("How far from the place, in miles.", valueName: "miles"))
    var radius: Double = 25

    @Option(help: ArgumentHelp("At most this many groups.", valueName: "n"))
    var limit: Int = 100

    func validate() throws {
        guard !keyword.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--keyword: expected words to search for")
        }
        guard Self.point(near) != nil else {
            throw ValidationError("--near: expected latitude,longitude such as 52.52,13.405, found \"\(near)\"")
        }
        guard radius > 0, radius <= 500 else { throw ValidationError("--radius: expected miles from 0 to 500") }
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit: expected 1 to 1,000 groups") }
    }

    /// "52.52,13.405" as a point on the globe, or nil.
    static func point(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], abs(latitude) <= 90,
            abs(longitude) <= 180
        else { return nil }
        return (latitude, longitude)
    }

    func run() throws {
        let settings = try options.load { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        guard let point = Self.point(near) else { throw ExitCode(2) }
        let area = SearchArea(
            keyword: keyword, latitude: point.latitude, longitude: point.longitude, radiusMiles: radius)
        // Token lifetimes are network time: the wall clock.
        switch GroupDiscovery(config: settings, environment: ProcessInfo.processInfo.environment).run(
            area, limit: limit)
        {
        case .success(let groups):
            guard !groups.isEmpty else {
                print("No group found for “\(keyword)” within \(NumberText.plain(radius)) mi of \(near).")
                return
            }
            print(GroupDiscovery.table(groups, timeZone: settings.timeZone))
            print("\n\(groups.count) groups. To follow them, add this to the config's \"queries\":\n")
            print(GroupDiscovery.query(groups, keyword: keyword), terminator: "")
        case .failure(let error):
            FileHandle.standardError.write(Data("meetup-report: discover FAILED: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
