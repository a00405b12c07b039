import Foundation
import MeetupSupport

/// The access token kept between runs (`auth/access-token.json` in the cache, mode
/// 0600), so nightly runs reuse an hour-long token instead of asking for one each time.
/// The entry names the flow and client it came from: a changed config never reuses it.
struct TokenCache: Sendable {
    /// A token is renewed this long before it expires, so it cannot lapse mid-run.
    static let renewalMargin: TimeInterval = 300

    let file: URL
    let fingerprint: String

    init(cacheDirectory: URL, fingerprint: String) {
        file = CacheFolder.accessToken(cacheDirectory)
        self.fingerprint = fingerprint
    }

    struct Entry: Sendable, Equatable {
        var token: String
        var expiresAt: Date
    }

    /// The cached token if it is for this flow and good for more than the margin.
    func usable(at now: Date) -> Entry? {
        guard let data = try? Data(contentsOf: file), let document = try? JSONValue.parse(data),
            document["flow"]?.stringValue == fingerprint,
            let token = document["accessToken"]?.stringValue, !token.isEmpty,
            let expiresAt = document["expiresAt"]?.doubleValue
        else { return nil }
        let entry = Entry(token: token, expiresAt: Date(timeIntervalSince1970: expiresAt))
        return entry.expiresAt.timeIntervalSince(now) > Self.renewalMargin ? entry : nil
    }

    func store(_ entry: Entry) throws {
        try FileOperations.createDirectory(file.deletingLastPathComponent())
        chmod(file.deletingLastPathComponent().path, 0o700)
        let record = JSONValue.object([
            "flow": .string(fingerprint), "accessToken": .string(entry.token),
            "expiresAt": .number(entry.expiresAt.timeIntervalSince1970.rounded()),
        ])
        try FileOperations.writeAtomically(Data(record.serialized().utf8), to: file, mode: 0o600)
    }

    func discard() {
        try? FileManager.default.removeItem(at: file)
    }
}
