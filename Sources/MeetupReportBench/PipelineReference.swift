import Foundation
import LoopbackServer

/// W1 done by standard tools: `curl --parallel` for the API pages and photos,
/// `vipsthumbnail` per photo (as many at once as cores), Python to pull the photo
/// URLs and write Markdown, and `cmark` per page. The script knows every cursor in
/// advance and fires all pages at once, which favours it.
enum PipelineReference {
    static func measure(_ workload: Workload, work: URL, latencyMs: Int, concurrency: Int, ours: Double) async throws
        -> String
    {
        for tool in ["curl", "vipsthumbnail", "cmark", "python3"] where ThumbnailComparison.which(tool) == nil {
            return
                "pipeline reference skipped: \(tool) is not installed (make bench installs curl, libvips-tools and cmark)"
        }
        let server = try LoopbackServer()
        let base = try await server.start()
        server.setLatency(.milliseconds(latencyMs))
        for (keyword, pages) in try workload.pages(photoBase: base.appendingPathComponent("photos")) {
            server.setPages(pages, forKeyword: keyword)
        }
        let photos = try workload.makePhotos(in: work.appendingPathComponent("photos-1200x800"))
        for (index, file) in photos.enumerated() {
            server.setPhoto(try Data(contentsOf: file), named: workload.photoName(index))
        }

        let script = URL(fileURLWithPath: "Scripts/bench-pipeline.sh").standardizedFileURL
        let result = try await ChildProcess.run(
            "/bin/bash",
            [
                script.path, base.absoluteString, work.appendingPathComponent("pipeline").path,
                "\(workload.queries)", "\(workload.pagesPerQuery)", "\(concurrency)",
            ])
        await server.stop()
        guard result.status == 0 else {
            return "pipeline reference failed (\(result.status)): \(result.stderr.suffix(600))"
        }
        return String(
            format: """
                | W1 cold, same server and latency | wall |
                |---|---:|
                | shell pipeline (curl --parallel, vipsthumbnail, cmark) | %.2f s |
                | meetup-report | %.2f s |
                | **meetup-report / pipeline** | **%.2fx** |
                """, result.wallSeconds, ours, ours / result.wallSeconds)
    }
}
