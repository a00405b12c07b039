import Foundation

/// Settings of the nightly digest (config key `digest`).
public struct DigestSettings: Sendable, Equatable {
    /// A quiet night prints nothing with `--digest-stdout` and sends no email.
    public var onlyWhenChanged = true
    public var email: DigestEmailSettings?

    public init() {}
}

/// `digest.email`: one message a night through the local sendmail program.
public struct DigestEmailSettings: Sendable, Equatable {
    public var to: [String]
    public var from: String
    /// `{date}` becomes the digest's day, `{counts}` the night in numbers ("2 new, 1 moved, 1 cancelled").
    public var subject = "Meetups {date}: {counts}"
    /// An argv array; the message goes to its standard input (`-t` reads the recipients from it).
    public var sendmail = ["/usr/sbin/sendmail", "-t", "-i"]
    public var onlyWhenChanged = true

    public init(to: [String], from: String) {
        self.to = to
        self.from = from
    }
}
