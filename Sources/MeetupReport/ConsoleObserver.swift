import Foundation
import Logging
import MeetupSupport
import MeetupModel
import MeetupPhotos
import MeetupPipeline

/// Turns run progress into the terminal's live line and into log lines.
final class ConsoleObserver: RunObserver {
    private let console: Console
    private let logger: Logger
    private let counts = LockedBox(Counts())

    private struct Counts {
        var queriesDone = 0
        var queriesTotal = 0
        var photosFetched = 0
        var photosTotal = 0
        var thumbnails = 0
        var stage = RunStage.fetch
    }

    init(console: Console, logger: Logger) {
        self.console = console
        self.logger = logger
    }

    func stageStarted(_ stage: RunStage, total: Int) {
        counts.withLock { counts in
            counts.stage = stage
            switch stage {
            case .fetch: counts.queriesTotal = total
            case .photos, .render, .publish: break
            }
        }
        logger.debug("stage \(stage.rawValue) started (\(total) items)")
        redraw(force: true)
    }

    func queryFinished(_ query: EventQuery, outcome: QueryOutcome) {
        counts.withLock { $0.queriesDone += 1 }
        switch outcome {
        case .succeeded(let events):
            logger.info("query \(query.id): \(events.count) events")
        case .failed(let error), .stale(_, _, let error):
            logger.error("\(error.description)")
        }
        redraw()
    }

    func photoProgress(_ progress: PhotoProgress) {
        counts.withLock { counts in
            switch progress {
            case .queued: counts.photosTotal += 1
            case .fetched: counts.photosFetched += 1
            case .thumbnailed: counts.thumbnails += 1
            }
        }
        if case .thumbnailed(let url) = progress { logger.debug("thumbnail ready for \(url.lastPathComponent)") }
        redraw()
    }

    func warning(_ message: String) {
        logger.warning("\(message)")
    }

    private func redraw(force: Bool = false) {
        let text = counts.withLock { counts in
            "[\(counts.stage.rawValue)] queries \(counts.queriesDone)/\(counts.queriesTotal) · "
                + "photos \(counts.photosFetched)/\(counts.photosTotal) · thumbnails \(counts.thumbnails)"
        }
        console.progress(text, force: force)
    }
}
