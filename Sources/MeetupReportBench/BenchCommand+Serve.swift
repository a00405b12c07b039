import ArgumentParser
import Foundation
import MeetupSupport

extension BenchCommand {
    /// The workload the single-workload modes work on: the first one named (W1 by default).
    func firstWorkload() throws -> Workload {
        let name = workloads.first ?? "W1"
        guard let workload = [Workload.w1, Workload.w2].first(where: { $0.name == name }) else {
            throw ValidationError("unknown workload \(name); use W1 or W2")
        }
        return workload
    }

    /// `--serve-for`: the first workload's API and photos served for a while, with its config
    /// written, so a night can be run by hand against them under `perf` or `heaptrack` (how the
    /// fetch's 30,000 copies of W2's events were found). `kill -USR1` switches the answers to the
    /// bench's "one event changed" night and back within about a second (the server reads each
    /// page's end cursor; two switches by hand: 2.3 s): both are made before the line saying
    /// how to run a night is printed. (Made when switched, W2's took about 20 s with a build beside it: a
    /// night started half a second after the signal ran beside that work and could fetch last
    /// night's answers: issue 34's twenty-third part.)
    func serveOnly(seconds: Int, work: URL) async throws {
        let workload = try firstWorkload()
        let photos = try Workload(
            name: "photos", queries: 1, pagesPerQuery: 1, distinctEvents: 1, distinctPhotos: workload.distinctPhotos
        )
        .makePhotos(in: work.appendingPathComponent("photos-1200x800"))
        let servers = try await serve(workload, photos: photos)
        let folder = work.appendingPathComponent(workload.name)
        let config = try writeConfig(for: workload, endpoint: servers.apiBase.appendingPathComponent("gql"), in: folder)
        let answers = [
            false: try workload.pages(photoBase: servers.photoBase),
            true: try workload.pages(photoBase: servers.photoBase, changedEvent: workload.distinctEvents / 2),
        ]
        signal(SIGUSR1, SIG_IGN)
        let toggle = DispatchSource.makeSignalSource(signal: SIGUSR1)
        let changed = LockedBox(false)
        toggle.setEventHandler {
            let now = changed.withLock { state -> Bool in
                state.toggle()
                return state
            }
            servers.setPages(answers[now] ?? [:])
            FileHandle.standardError.write(Data("serving: \(now ? "one event changed" : "as before")\n".utf8))
        }
        toggle.resume()
        // Once a signal can be taken, and at once (a script waits for the line).
        let usage =
            "serving \(workload.name) for \(seconds) s: MEETUP_TOKEN=bench-token meetup-report --config \(config.path)"
            + " (kill -USR1 \(getpid()): one event changed, or back)\n"
        FileHandle.standardOutput.write(Data(usage.utf8))
        try await Task.sleep(for: .seconds(seconds))
        toggle.cancel()
        await servers.api.stop()
        await servers.photos.stop()
    }
}
