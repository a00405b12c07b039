import Foundation
import MeetupRender
import MeetupSupport

/// Stage: the folder the night's site is built in, beside the output: the site the last
/// publish swapped out, to be brought up to date (the search index goes into it while the
/// render runs).
struct StageStep: RunStep {
    var name: String { "stage" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        do {
            context.staging = try environment.publisher.makeStagingDirectory(reusingKeptTree: true)
        } catch {
            throw RunAbort(reason: String(describing: error))
        }
    }
}
