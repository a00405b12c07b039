import Foundation

/// The photos of one run, accepted while the fetch is still going. Each distinct
/// URL is processed once, however many queries submit it; `finish` waits for all.
/// Submissions go through a serial feeder, so a caller never blocks on the
/// download slots (the URLSession callbacks that submit must not).
public final class PhotoBatch: Sendable {
    private let stage: PhotoStage
    private let now: Date
    private let onProgress: @Sendable (PhotoProgress) -> Void
    private let results = LockedBox(PhotoSet(thumbnails: [:], statistics: PhotoStatistics(), warnings: []))
    private let seen = LockedBox(Set<URL>())
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let feeder = DispatchQueue(label: "meetup-report.photo-feeder")
    private let thumbnailQueue = OperationQueue()
    private let usable: Bool

    init(stage: PhotoStage, now: Date, onProgress: @escaping @Sendable (PhotoProgress) -> Void) {
        self.stage = stage
        self.now = now
        self.onProgress = onProgress
        slots = DispatchSemaphore(value: stage.concurrency)
        // One thumbnail per core at a time; queued work waits without holding a thread.
        thumbnailQueue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        thumbnailQueue.qualityOfService = .userInitiated
        do {
            try stage.cache.prepare()
            usable = true
        } catch {
            usable = false
            results.withLock {
                $0.warnings.append("photo cache \(stage.cache.directory.path) is not writable (\(error.localizedDescription)); every photo gets a placeholder")
            }
        }
    }

    /// Queues the URLs not seen before. Returns at once.
    public func submit(_ urls: [URL]) {
        guard usable else { return }
        let fresh = seen.withLock { seen in urls.filter { seen.insert($0).inserted } }
        for url in fresh {
            group.enter()
            onProgress(.queued(url))
            feeder.async { [self] in
                stage.process(url, now: now, slots: slots, thumbnailQueue: thumbnailQueue, results: results,
                              onProgress: onProgress) { [group] in group.leave() }
            }
        }
    }

    /// Waits for every submitted photo and returns what they produced.
    public func finish() -> PhotoSet {
        group.wait()
        return results.withLock { $0 }
    }
}
