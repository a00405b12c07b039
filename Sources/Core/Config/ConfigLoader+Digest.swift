import Foundation
import MeetupSupport

extension ConfigLoader {
    /// `digest`: `{"onlyWhenChanged": true, "email": {"to": [...], "from": "...", "subject": "...",
    /// "sendmail": ["/usr/sbin/sendmail", "-t", "-i"], "onlyWhenChanged": true}}`.
    func parseDigest(_ value: JSONValue, root: ConfigReader, baseDirectory: URL) throws(ConfigError) -> DigestSettings {
        let reader = try ConfigReader(
            file: root.file, path: root.keyPath("digest"), value: value, object: ConfigSchema.digest)
        var settings = DigestSettings()
        settings.onlyWhenChanged = try reader.bool("onlyWhenChanged") ?? settings.onlyWhenChanged
        if let chat = reader.value("chat") {
            guard case .array(let items) = chat else {
                throw reader.invalid("chat", expected: "an array of chat rooms", found: chat)
            }
            settings.chat = try items.enumerated().map { index, item throws(ConfigError) in
                try parseChat(
                    item, path: "\(reader.keyPath("chat"))[\(index)]", root: root, baseDirectory: baseDirectory)
            }
        }
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

    /// `digest.chat[i]`: a service, where its secret is, and the service's own settings.
    private func parseChat(_ value: JSONValue, path: String, root: ConfigReader, baseDirectory: URL) throws(ConfigError)
        -> ChatTarget
    {
        let reader = try ConfigReader(file: root.file, path: path, value: value, object: ConfigSchema.digestChat)
        let names = ChatTarget.Service.allCases.map(\.rawValue)
        let expected = "one of " + names.joined(separator: ", ")
        let name = try reader.requiredString("service", expected: expected)
        guard let service = ChatTarget.Service(rawValue: name) else {
            throw reader.invalid("service", expected: expected, found: .string(name))
        }
        let secretExpected = "secretVariable (an environment variable's name) or secretFile (a path), one of them"
        let secret: ChatTarget.Secret
        switch (try reader.string("secretVariable", required: false), try reader.string("secretFile", required: false))
        {
        case (let variable?, nil):
            guard Self.isVariableName(variable) else {
                throw reader.invalid(
                    "secretVariable", expected: "an environment variable's name", found: .string(variable))
            }
            secret = .variable(variable)
        case (nil, let file?):
            secret = .file(credentialFile(file, baseDirectory: baseDirectory))
        case (_?, _?):
            throw reader.invalid("secretFile", expected: secretExpected, found: reader.value("secretFile") ?? .null)
        case (nil, nil):
            throw .missingKey(file: reader.file, keyPath: reader.keyPath("secretVariable"), expected: secretExpected)
        }
        var target = ChatTarget(service: service, secret: secret, keyPath: path)
        target.onlyWhenChanged = try reader.bool("onlyWhenChanged") ?? target.onlyWhenChanged
        switch service {
        case .matrix:
            target.homeserver = try serviceURL(reader, "homeserver")
            let room = try reader.requiredString("room", expected: "the room's id, e.g. \"!abc:example.org\"")
            guard room.hasPrefix("!"), room.contains(":"), !room.contains("/"), !room.contains(where: \.isWhitespace)
            else {
                throw reader.invalid("room", expected: "the room's id, e.g. \"!abc:example.org\"", found: .string(room))
            }
            target.room = room
        case .mastodon:
            target.instance = try serviceURL(reader, "instance")
            target.visibility = try reader.string("visibility", required: false) ?? target.visibility
            guard ["public", "unlisted", "private", "direct"].contains(target.visibility) else {
                throw reader.invalid(
                    "visibility", expected: "public, unlisted, private or direct", found: .string(target.visibility))
            }
        case .slack, .discord:
            for key in ["homeserver", "room", "instance", "visibility"] where reader.value(key) != nil {
                throw reader.invalid(
                    key, expected: "nothing: \(name) needs only its webhook", found: reader.value(key) ?? .null)
            }
        }
        return target
    }

    /// A homeserver's or an instance's address: it gets the access token (`secretURL`), with no query.
    private func serviceURL(_ reader: ConfigReader, _ key: String) throws(ConfigError) -> URL {
        let example = key == "homeserver" ? "https://matrix.example.org" : "https://mastodon.example"
        let url = try reader.secretURL(key, example: example)
        guard url.query == nil else {
            throw reader.invalid(
                key, expected: "the server's address, with no query", found: .string(url.absoluteString))
        }
        return url
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
