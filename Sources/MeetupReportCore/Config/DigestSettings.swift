import Foundation

/// Settings of the nightly digest (config key `digest`).
public struct DigestSettings: Sendable, Equatable {
    /// A quiet night prints nothing with `--digest-stdout` and sends no email.
    public var onlyWhenChanged = true

    public init() {}
}
