import Foundation
import MeetupSupport

extension ConfigLoader {
    /// `digest`: `{"onlyWhenChanged": true, "email": {"to": [...], "from": "...", "subject": "...",
    /// "sendmail": ["/usr/sbin/sendmail", "-t", "-i"], "onlyWhenChanged": true}}`.
    func parseDigest(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> DigestSettings {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("digest"), value: value, object: ConfigSchema.digest)
        var settings = DigestSettings()
        settings.onlyWhenChanged = try reader.bool("onlyWhenChanged") ?? settings.onlyWhenChanged
        guard let email = reader.value("email") else { return settings }
        let mail = try ConfigReader(
            file: root.file, path: reader.keyPath("email"), value: email,
            object: ConfigSchema.digestEmail)
        let to = try strings(mail, "to", expected: "a non-empty array of email addresses")
        guard to.allSatisfy(Self.isAddress) else {
            throw mail.invalid(
                "to", expected: "email addresses such as \"news@example.org\"", found: mail.value("to") ?? .null)
        }
        let from = try mail.requiredString(
            "from", expected: "the sender's address, e.g. \"Meetups <meetups@example.org>\"")
        var delivery = DigestEmailSettings(to: to, from: from)
        delivery.subject = try mail.string("subject", required: false) ?? delivery.subject
        if mail.value("sendmail") != nil {
            delivery.sendmail = try strings(
                mail, "sendmail", expected: "an argv array such as [\"/usr/sbin/sendmail\", \"-t\", \"-i\"]")
        }
        delivery.onlyWhenChanged = try mail.bool("onlyWhenChanged") ?? delivery.onlyWhenChanged
        settings.email = delivery
        return settings
    }

    private func strings(_ reader: ConfigReader, _ key: String, expected: String) throws(ConfigError) -> [String] {
        let value = try reader.require(key, expected: expected)
        guard case .array(let items) = value, !items.isEmpty else {
            throw reader.invalid(key, expected: expected, found: value)
        }
        let strings = items.compactMap(\.stringValue)
        guard strings.count == items.count, !strings.contains(where: \.isEmpty) else {
            throw reader.invalid(key, expected: expected, found: value)
        }
        return strings
    }

    /// An address or "Name <address>", one line, with an @.
    static func isAddress(_ text: String) -> Bool {
        text.contains("@") && !text.unicodeScalars.contains { $0.value < 0x20 } && text.count <= 320
    }
}
