import Foundation
import MeetupSupport

/// One named stage of a run over the shared context. The runner does what every step
/// needs once: stage events for the terminal, timing for `--stats`, the abort reason.
protocol RunStep: Sendable {
    /// Its time is reported as `<name>Seconds` in `--stats`.
    var name: String { get }
    /// The stage the terminal shows while it runs, with its item count; nil for a quiet step.
    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)?
    /// True for steps that must run after an earlier one aborted (waiting for work in
    /// flight, recording the run); they see `context.isAborted`.
    var runsAfterAbort: Bool { get }
    /// True for steps that exist to send requests (the backfill): past `limits.runTimeout` they
    /// are skipped, with a warning, and the night goes on to render and publish what it has.
    var sendsRequests: Bool { get }
    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort)
}

extension RunStep {
    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { nil }
    var runsAfterAbort: Bool { false }
    var sendsRequests: Bool { false }
}

/// Runs steps in order; the first abort skips the rest but for those that must run.
/// `limits.runTimeout` bounds the network: at the deadline the transport ends what is in flight
/// (those queries fail, their last good events stand in), a step that only sends requests is
/// skipped, and every other step still runs, so the night publishes what it has.
struct StepRunner: Sendable {
    let steps: [any RunStep]

    func run(_ context: inout RunContext, in environment: RunEnvironment) {
        for step in steps where !context.isAborted || step.runsAfterAbort {
            if !context.isAborted, step.sendsRequests, ContinuousClock.now >= environment.deadline {
                environment.observer.warning(
                    "\(step.name): skipped, the run's time for the network (limits.runTimeout, "
                        + "\(Int(environment.config.limits.runTimeout)) s) had run out; the next night goes on")
                continue
            }
            let timed = !context.isAborted
            if timed, let (stage, total) = step.stage(in: environment) {
                environment.observer.stageStarted(stage, total: total)
            }
            let started = ContinuousClock.now
            do throws(RunAbort) {
                try step.run(&context, in: environment)
            } catch {
                context.summary.abortReason = context.summary.abortReason ?? error.reason
            }
            // What a step freed goes back to the system before the next one grows: without it the
            // render started on top of the fetch's freed pages (the W2 snapshot site's same-moment
            // night peaked at 229-233 MB, 213 MB with it; no cost measurable on a W1 night).
            ProcessMemory.releaseFree()
            if timed {
                context.summary.stageSeconds[step.name] = Self.seconds(since: started)
                context.summary.stagePeakRSSBytes[step.name] = RunSummary.peakRSSBytes()
            }
            context.summary.requestsSent = environment.transport?.requestsSent ?? 0
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).seconds
    }
}
