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
    /// What this step's `run` leaves going beside the steps after it, if anything.
    var beside: BesideWork? { get }
    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort)
    /// Waits for the work `run` left going and completes it (`beside`); called by the runner,
    /// after an abort too, whether or not `run` started any.
    func finishBeside(_ context: inout RunContext, in environment: RunEnvironment)
}

/// Work a step leaves going on a thread of its own beside the steps after it (the search index
/// beside the render). The runner waits for it just before the step named `until` would run,
/// or at the run's end, after an abort too: once the steps are done, nothing is left writing.
struct BesideWork: Sendable {
    /// The wait's own time is `<name>Wait` in `--stats`.
    let name: String
    /// The step that needs it finished; nil: the run's end.
    let until: String?
}

extension RunStep {
    func stage(in environment: RunEnvironment) -> (RunStage, total: Int)? { nil }
    var runsAfterAbort: Bool { false }
    var sendsRequests: Bool { false }
    var beside: BesideWork? { nil }
    func finishBeside(_ context: inout RunContext, in environment: RunEnvironment) {}
}

/// Runs steps in order, and waits for what they leave going beside the later ones (`BesideWork`);
/// the first abort skips the rest but for those that must run.
/// `limits.runTimeout` bounds the network: at the deadline the transport ends what is in flight
/// (those queries fail, their last good events stand in), a step that only sends requests is
/// skipped, and every other step still runs, so the night publishes what it has.
struct StepRunner: Sendable {
    let steps: [any RunStep]

    func run(_ context: inout RunContext, in environment: RunEnvironment) {
        var going: [any RunStep] = []
        for step in steps {
            finish(&going, before: step.name, &context, in: environment)
            guard !context.isAborted || step.runsAfterAbort else { continue }
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
            if step.beside != nil { going.append(step) }
            ended(step.name, started: started, timed: timed, &context, in: environment)
        }
        finish(&going, before: nil, &context, in: environment)
    }

    /// Waits for the work left going that the step `next` needs (nil: all of it), in the order it started.
    private func finish(
        _ going: inout [any RunStep], before next: String?, _ context: inout RunContext,
        in environment: RunEnvironment
    ) {
        let due = going.filter { next == nil || $0.beside?.until == next }
        going.removeAll { next == nil || $0.beside?.until == next }
        for step in due {
            let (timed, started) = (!context.isAborted, ContinuousClock.now)
            step.finishBeside(&context, in: environment)
            ended("\(step.beside?.name ?? step.name)Wait", started: started, timed: timed, &context, in: environment)
        }
    }

    private func ended(
        _ name: String, started: ContinuousClock.Instant, timed: Bool, _ context: inout RunContext,
        in environment: RunEnvironment
    ) {
        // What a step freed goes back to the system before the next one grows: without it the
        // render started on top of the fetch's freed pages (a higher peak on W2, BENCHMARKS.md).
        ProcessMemory.releaseFree()
        if timed {
            context.summary.stageSeconds[name] = Self.seconds(since: started)
            context.summary.stagePeakRSSBytes[name] = RunSummary.peakRSSBytes()
        }
        context.summary.requestsSent = environment.transport?.requestsSent ?? 0
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).seconds
    }
}
