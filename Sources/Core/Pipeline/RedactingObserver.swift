import Foundation
import MeetupModel
import MeetupPhotos
import MeetupSupport

/// Passes warnings through the redactor before the front end logs them.
struct RedactingObserver: RunObserver {
    let wrapped: any RunObserver
    let redactor: SecretRedactor

    func stageStarted(_ stage: RunStage, total: Int) { wrapped.stageStarted(stage, total: total) }
    func queryFinished(_ query: EventQuery, outcome: QueryOutcome) { wrapped.queryFinished(query, outcome: outcome) }
    func photoProgress(_ progress: PhotoProgress) { wrapped.photoProgress(progress) }
    func warning(_ message: String) { wrapped.warning(redactor.redact(message)) }
}
