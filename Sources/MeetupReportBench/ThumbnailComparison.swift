import Foundation
import MeetupPhotos

/// In-process libvips (what meetup-report does) against one `vipsthumbnail` process per image.
struct ThumbnailComparison {
    /// Uncontended wall time per image, in-process.
    var inProcessSeconds: Double
    var table: String

    static func measure(_ photos: [URL], work: URL) throws -> ThumbnailComparison {
        let output = work.appendingPathComponent("thumbnail-comparison")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let thumbnailer = VipsThumbnailer()
        _ = try? thumbnailer.makeThumbnail(of: photos[0], width: 320, to: output.appendingPathComponent("warmup.jpg"))

        let started = ContinuousClock.now
        for (index, photo) in photos.enumerated() {
            _ = try thumbnailer.makeThumbnail(
                of: photo, width: 320, to: output.appendingPathComponent("in-\(index).jpg"))
        }
        let inProcess = seconds(ContinuousClock.now - started) / Double(photos.count)

        guard let command = which("vipsthumbnail") else {
            return ThumbnailComparison(
                inProcessSeconds: inProcess,
                table:
                    "thumbnails: in-process \(String(format: "%.1f", inProcess * 1000)) ms per image; vipsthumbnail not installed (apt-get install libvips-tools)"
            )
        }
        let cliStarted = ContinuousClock.now
        for (index, photo) in photos.enumerated() {
            let result = try ChildProcess.run(
                command,
                [
                    photo.path, "--size", "320x", "-o",
                    output.appendingPathComponent("cli-\(index).jpg").path + "[Q=82,strip]",
                ])
            guard result.status == 0 else {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: result.stderr])
            }
        }
        let cli = seconds(ContinuousClock.now - cliStarted) / Double(photos.count)
        return ThumbnailComparison(
            inProcessSeconds: inProcess,
            table: String(
                format: """
                    | thumbnails, %d images 1200x800 -> 320 wide | per image |
                    |---|---:|
                    | in-process libvips (meetup-report) | %.1f ms |
                    | one `vipsthumbnail` process per image | %.1f ms |
                    | **vipsthumbnail / in-process** | **%.1fx** |
                    """, photos.count, inProcess * 1000, cli * 1000, cli / inProcess))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
