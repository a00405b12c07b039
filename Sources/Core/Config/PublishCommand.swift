import Foundation

/// A command run after each successful publish, to put the site where static sites
/// live (rsync to a web server, `aws s3 sync`, `rclone sync`, a git push). It gets
/// the output folder as its last argument, the run's environment without its
/// secrets, and a time limit.
package struct PublishCommand: Sendable, Equatable {
    package static let defaultTimeout: TimeInterval = 600

    /// The program and its arguments; the output folder is appended.
    package var arguments: [String]
    package var timeout: TimeInterval

    package init(arguments: [String], timeout: TimeInterval = PublishCommand.defaultTimeout) {
        self.arguments = arguments
        self.timeout = timeout
    }
}
