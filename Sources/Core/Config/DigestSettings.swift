import Foundation

/// Settings of the nightly digest (config key `digest`).
package struct DigestSettings: Sendable, Equatable {
    /// A quiet night prints nothing with `--digest-stdout` and sends no email.
    package var onlyWhenChanged = true
    package var email: DigestEmailSettings?

    package init() {}
}

/// `digest.email`: one message a night through the local sendmail program.
package struct DigestEmailSettings: Sendable, Equatable {
    package var to: [String]
    package var from: String
    /// `{date}` becomes the digest's day, `{counts}` the night in numbers ("2 new, 1 moved, 1 cancelled").
    package var subject = "Meetups {date}: {counts}"
    /// An argv array; the message goes to its standard input (`-t` reads the recipients from it).
    package var sendmail = ["/usr/sbin/sendmail", "-t", "-i"]
    package var onlyWhenChanged = true

    package init(to: [String], from: String) {
        self.to = to
        self.from = from
    }
}
