import Foundation
import MeetupConfig
import MeetupNetwork
import MeetupRender
import MeetupSupport

/// Posts the night's digest to each configured chat room, once per digest: what each room
/// was last sent (the digest's fingerprint) is kept in the state folder, so a re-run that
/// changes nothing posts nothing. A post the service refused is tried again on the next run;
/// one it may have taken is tried again only where the service makes that safe
/// (`ChatTarget.Service.resendsUncertainPosts`), else it counts as sent, and the failure says so.
struct ChatDelivery {
    let targets: [ChatTarget]
    let secrets: ChatSecrets
    let transport: HTTPTransport
    /// `digests/chat-posted.json` in the state folder.
    let record: URL
    let scratch: URL
    let deadline: ContinuousClock.Instant

    /// Why a room was not posted to, one line each.
    func post(_ digest: ChatDigest, isQuietNight: Bool) -> [String] {
        var sent = Self.load(record)
        var posted = false
        var failures: [String] = []
        let fingerprint = digest.fingerprint
        for target in targets where !(isQuietNight && target.onlyWhenChanged) {
            let key = Self.key(target)
            guard sent[key] != fingerprint else { continue }
            let failure: ChatFailure?
            switch secrets.byKeyPath[target.keyPath] {
            case .success(let secret)?:
                failure = ChatPost(target: target, secret: secret, digest: digest)
                    .send(with: transport, scratch: scratch, deadline: deadline)
            case .failure(let reason)?:
                failure = reason
            case nil:
                failure = .noSecret("\(target.keyPath): no secret read")
            }
            if let failure, case .uncertain = failure, !target.service.resendsUncertainPosts {
                failures.append(
                    "digest to \(target.service.rawValue) (\(target.keyPath)): \(failure) (not sent again: "
                        + "\(target.service.rawValue) may have taken it, and a second post could not be told apart)")
                sent[key] = fingerprint
                posted = true
            } else if let failure {
                failures.append("digest to \(target.service.rawValue) (\(target.keyPath)): \(failure)")
            } else {
                sent[key] = fingerprint
                posted = true
            }
        }
        if posted { Self.save(sent, to: record) }
        return failures
    }

    /// A room by what the config says of it (never its secret).
    static func key(_ target: ChatTarget) -> String {
        [
            target.service.rawValue, target.keyPath, target.room ?? "-",
            (target.homeserver ?? target.instance)?.absoluteString ?? "-",
        ].joined(separator: " ")
    }

    static func load(_ file: URL) -> [String: String] {
        guard let data = try? Data(contentsOf: file), let value = try? JSONValue.parse(data),
            case .object(let members) = value
        else { return [:] }
        return members.compactMapValues(\.stringValue)
    }

    static func save(_ sent: [String: String], to file: URL) {
        try? FileOperations.createDirectory(file.deletingLastPathComponent())
        let value = JSONValue.object(sent.mapValues(JSONValue.string))
        try? FileOperations.writeAtomically(Data(value.serialized().utf8), to: file)
    }
}
