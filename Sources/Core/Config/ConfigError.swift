import Foundation

/// Why a config was rejected. Every case names the file and, where there is
/// one, the key path (`queries[2].lat`), so the user can go straight to the line.
package enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    case invalidValue(file: String, keyPath: String, expected: String, found: String)
    case missingKey(file: String, keyPath: String, expected: String)
    case unknownKey(file: String, keyPath: String, allowed: [String])
    case duplicateQueryID(file: String, keyPath: String, id: String, firstKeyPath: String)
    case missingToken(file: String, keyPath: String, variable: String)
    /// A secret other than the access token (the client secret) is not in the environment.
    case missingSecret(file: String, keyPath: String, variable: String, what: String)

    package var keyPath: String? {
        switch self {
        case .unreadable, .notJSON: nil
        case .invalidValue(_, let keyPath, _, _), .missingKey(_, let keyPath, _), .unknownKey(_, let keyPath, _),
            .duplicateQueryID(_, let keyPath, _, _), .missingToken(_, let keyPath, _),
            .missingSecret(_, let keyPath, _, _):
            keyPath
        }
    }

    package var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read the config file: \(reason)"
        case .notJSON(let file, let reason):
            "\(file): not valid JSON: \(reason)"
        case .invalidValue(let file, let keyPath, let expected, let found):
            "\(file): \(keyPath): expected \(expected), found \(found)"
        case .missingKey(let file, let keyPath, let expected):
            "\(file): \(keyPath) is missing: expected \(expected)"
        case .unknownKey(let file, let keyPath, let allowed):
            "\(file): \(keyPath) is not a known key (allowed here: \(allowed.sorted().joined(separator: ", ")))"
        case .duplicateQueryID(let file, let keyPath, let id, let firstKeyPath):
            "\(file): \(keyPath): query id \"\(id)\" is already used by \(firstKeyPath); ids must be unique"
        case .missingToken(let file, let keyPath, let variable):
            "\(file): \(keyPath): the environment variable \(variable) is not set or empty; "
                + "export your Meetup OAuth token as \(variable), or let the tool get its own tokens "
                + "(source.auth of type \"jwt\" or \"refresh-token\"; docs/authentication.md), or use a snapshot source"
        case .missingSecret(let file, let keyPath, let variable, let what):
            "\(file): \(keyPath): the environment variable \(variable) is not set or empty; it must hold \(what)"
        }
    }
}
