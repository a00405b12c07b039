import ArgumentParser
import Foundation

extension BenchCommand {
    /// `--serve-for`: the first workload's API and photos served for a while, with its config
    /// written, so a night can be run by hand against them under `perf` or `heaptrack` (how the
    /// fetch's 30,000 copies of W2's events were found).
    func serveOnly(seconds: Int, work: URL) async throws {
        let name = workloads.first ?? "W1"
        guard let workload = [Workload.w1, Workload.w2].first(where: { $0.name == name }) else {
            throw ValidationError("unknown workload \(name); use W1 or W2")
        }
        let photos = try Workload(
            name: "photos", queries: 1, pagesPerQuery: 1, distinctEvents: 1, distinctPhotos: workload.distinctPhotos
        )
        .makePhotos(in: work.appendingPathComponent("photos-1200x800"))
        let servers = try await serve(workload, photos: photos)
        let folder = work.appendingPathComponent(workload.name)
        let config = try writeConfig(for: workload, endpoint: servers.apiBase.appendingPathComponent("gql"), in: folder)
        print(
            "serving \(workload.name) for \(seconds) s: MEETUP_TOKEN=bench-token meetup-report --config \(config.path)")
        try await Task.sleep(for: .seconds(seconds))
        await servers.api.stop()
        await servers.photos.stop()
    }
}
