import Foundation
import Logging

/// swift-log handler that prints through `Console`: plain `level: message` lines,
/// filtered by the console's mode (quiet keeps warnings and errors only).
struct ConsoleLogHandler: LogHandler {
    let label: String
    let console: Console
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    init(label: String, console: Console) {
        self.label = label
        self.console = console
        switch console.mode {
        case .quiet: logLevel = .warning
        case .normal: logLevel = .info
        case .verbose: logLevel = .debug
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let prefix = event.level >= .warning ? "\(event.level): " : ""
        let priority: Console.Priority =
            switch event.level {
            case .error, .critical: .error
            case .warning: .warning
            case .notice, .info: .info
            case .debug, .trace: .debug
            }
        console.line(prefix + event.message.description, priority: priority)
    }
}
