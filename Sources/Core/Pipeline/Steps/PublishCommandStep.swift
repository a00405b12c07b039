import Foundation

/// After a local publish, the config's `publish.command` puts the site where it is
/// served. Its failure fails the run (exit 1); the local site stays published.
struct PublishCommandStep: RunStep {
    var name: String { "publishCommand" }

    func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
        guard context.summary.published, !environment.offline, let command = environment.config.publishCommand else {
            return
        }
        let program = URL(fileURLWithPath: command.arguments[0]).lastPathComponent
        let result = command.run(outputDirectory: environment.config.outputDirectory, environment: environment.children)
        switch result {
        case .failure(let error):
            context.summary.publishCommandFailure = "publish command: \(error)"
        case .success(let outcome) where !outcome.succeeded:
            let how = outcome.timedOut ? "stopped after \(Int(command.timeout)) s" : "exited with \(outcome.status)"
            context.summary.publishCommandFailure =
                "publish command \(program) \(how)"
                + (outcome.lastErrorLine.map { ": \(environment.redactor.redact($0, limit: 200))" } ?? "")
        case .success:
            break
        }
        if let failure = context.summary.publishCommandFailure { environment.observer.warning(failure) }
    }
}
