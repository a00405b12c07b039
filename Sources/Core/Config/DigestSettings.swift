import Foundation

/// Settings of the nightly digest (config key `digest`).
package struct DigestSettings: Sendable, Equatable {
    /// A quiet night prints nothing with `--digest-stdout` and sends no email.
    package var onlyWhenChanged = true
    package var email: DigestEmailSettings?
    /// Chat rooms the digest is posted to (Slack, Discord, Matrix, Mastodon).
    package var chat: [ChatTarget] = []

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

/// `digest.chat[]`: one room the digest is posted to.
package struct ChatTarget: Sendable, Equatable {
    package enum Service: String, Sendable, Equatable, CaseIterable {
        case slack, discord, matrix, mastodon

        /// Whether a post whose fate is unknown (a 5xx, a timeout, a dropped connection: the service
        /// may have taken it) is safe to send again on a later run. Matrix's `PUT` names the post
        /// by a transaction id that the homeserver keeps for the access token (client-server API,
        /// "Transaction identifiers"), so a second send is the same event. A Slack or Discord
        /// webhook has no key; Mastodon keeps an `Idempotency-Key` for an hour only, less than a
        /// night. Within one run a post is retried only after a 429, which says it was not taken.
        package var resendsUncertainPosts: Bool { self == .matrix }
    }

    /// Where its secret is: the webhook's URL (Slack, Discord) or an access token (Matrix, Mastodon).
    package enum Secret: Sendable, Equatable {
        /// An environment variable's name.
        case variable(String)
        /// A file (`$CREDENTIALS_DIRECTORY` first for a relative path, then beside the config).
        case file(URL)
    }

    package var service: Service
    package var secret: Secret
    /// Matrix: the homeserver's base URL and the room's id (`!abc:example.org`).
    package var homeserver: URL?
    package var room: String?
    /// Mastodon: the instance's base URL and the status's visibility.
    package var instance: URL?
    package var visibility = "unlisted"
    package var onlyWhenChanged = true
    /// `digest.chat[2]`: how messages and the delivery record name it.
    package var keyPath: String

    package init(service: Service, secret: Secret, keyPath: String) {
        self.service = service
        self.secret = secret
        self.keyPath = keyPath
    }
}
