import Foundation
import MeetupConfig
import MeetupNetwork
import MeetupSupport

/// What a command beside the nightly run (`auth`, `discover`) needs to ask the API the way a
/// run does: the cache's run lock (a run and the command renewing a rotating refresh token at
/// once would spend each other's token), a transport under the config's limits, the cache's
/// scratch folder, the credentials, and the redactor that hides their secrets. The lock is
/// held while the value lives.
package struct APIAccess: Sendable {
    package let endpoint: URL
    package let auth: AuthConfig
    package let transport: HTTPTransport
    package let scratch: URL
    package let credentials: any AccessTokenSource
    package let redactor: SecretRedactor
    private let lock: RunLock

    /// - Parameter onWait: told once when a run holds the lock and the command waits for it.
    package static func open(
        config: ReportConfig, environment: [String: String], holder: RunLock.Holder,
        clock: @escaping @Sendable () -> Date, maxWait: Duration = RunLock.defaultWait,
        onWait: @escaping @Sendable (String) -> Void
    ) -> Result<APIAccess, AuthCheckError> {
        guard case .meetupAPI(let endpoint, let auth) = config.source else {
            return .failure(
                AuthCheckError(message: "the config's source is a snapshot: it does not ask the Meetup API"))
        }
        let lock: RunLock
        do {
            lock = try RunLock(
                path: RunLock.cacheLockPath(config.cacheDirectory), holder: holder, maxWait: maxWait, onWait: onWait)
        } catch {
            return .failure(AuthCheckError(message: "cannot ask the API now: \(error)"))
        }
        let redactor = SecretRedactor()
        if case .token(let variable) = auth { redactor.add([environment[variable] ?? ""]) }
        let transport = HTTPTransport(
            limits: config.limits, maximumConnectionsPerHost: 2,
            addressPolicy: AddressPolicy.forSource(endpoint: endpoint), throttledOrigin: endpoint, clock: clock)
        let scratch = CacheFolder.incoming(config.cacheDirectory)
        do {
            try FileOperations.createDirectory(scratch)
        } catch {
            return .failure(AuthCheckError(message: "cannot create \(scratch.path): \(error.localizedDescription)"))
        }
        let credentials = Credentials.source(
            for: auth, environment: environment, cacheDirectory: config.cacheDirectory,
            transport: transport, scratchDirectory: scratch, redactor: redactor, clock: clock)
        return .success(
            APIAccess(
                endpoint: endpoint, auth: auth, transport: transport, scratch: scratch, credentials: credentials,
                redactor: redactor, lock: lock))
    }
}
