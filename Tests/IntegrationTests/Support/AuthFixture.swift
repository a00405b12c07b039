import Foundation
import LoopbackServer
@testable import MeetupConfig
import MeetupModel
import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import _CryptoExtras

/// The loopback API (accepting only issued tokens) with a token server beside it,
/// an RSA key pair on disk, and configs for both OAuth flows.
final class AuthFixture: Sendable {
    /// One key pair for the whole test run: RSA key generation takes a moment.
    static let keyPair: Result<_RSA.Signing.PrivateKey, Error> = Result {
        try _RSA.Signing.PrivateKey(keySize: .bits2048)
    }
    /// A key Meetup does not know.
    static let otherKeyPair: Result<_RSA.Signing.PrivateKey, Error> = Result {
        try _RSA.Signing.PrivateKey(keySize: .bits2048)
    }
    static let clientSecretVariable = "TEST_MEETUP_CLIENT_SECRET"

    let harness: PipelineHarness
    let tokens: TokenServer
    let tokenEndpoint: URL
    let keyFile: URL
    let refreshTokenFile: URL
    let privateKeyPEM: String

    private init(
        harness: PipelineHarness, tokens: TokenServer, tokenEndpoint: URL, keyFile: URL, refreshTokenFile: URL,
        pem: String
    ) {
        self.harness = harness
        self.tokens = tokens
        self.tokenEndpoint = tokenEndpoint
        self.keyFile = keyFile
        self.refreshTokenFile = refreshTokenFile
        privateKeyPEM = pem
    }

    /// - Parameters:
    ///   - pkcs8: write the key as PKCS#8 ("PRIVATE KEY"), else PKCS#1 ("RSA PRIVATE KEY").
    ///   - keyMode: the key file's permissions.
    static func start(pkcs8: Bool = true, keyMode: Int = 0o600) async throws -> AuthFixture {
        let harness = try await PipelineHarness.start()
        harness.server.setAcceptedTokens([])
        let key = try keyPair.get()
        let tokens = try TokenServer(publicKey: key.publicKey, api: harness.server, now: PipelineHarness.now)
        LoopbackServerRegistry.register { await tokens.stop() }
        let endpoint = try await tokens.start()
        let pem = pkcs8 ? key.pkcs8PEMRepresentation : key.pemRepresentation
        let keyFile = harness.folder.path("secrets/meetup-key.pem")
        try FileManager.default.createDirectory(
            at: keyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(pem.utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: keyMode], ofItemAtPath: keyFile.path)
        let refreshFile = harness.folder.path("secrets/refresh-token")
        try Data((tokens.currentRefreshToken + "\n").utf8).write(to: refreshFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: refreshFile.path)
        return AuthFixture(
            harness: harness, tokens: tokens, tokenEndpoint: endpoint, keyFile: keyFile, refreshTokenFile: refreshFile,
            pem: pem)
    }

    var jwt: JWTBearerAuth {
        JWTBearerAuth(
            clientKey: tokens.client.clientKey, memberID: tokens.client.memberID,
            signingKeyID: tokens.client.signingKeyID,
            privateKeyFile: keyFile, tokenEndpoint: tokenEndpoint)
    }

    var refresh: RefreshTokenAuth {
        RefreshTokenAuth(
            clientID: tokens.client.clientID, clientSecretVariable: Self.clientSecretVariable,
            refreshTokenFile: refreshTokenFile, tokenEndpoint: tokenEndpoint)
    }

    func config(_ auth: AuthConfig) -> ReportConfig {
        var config = harness.config()
        config.source = .meetupAPI(endpoint: harness.baseURL.appendingPathComponent("gql"), auth: auth)
        return config
    }

    var environment: [String: String] { [Self.clientSecretVariable: tokens.client.clientSecret] }

    /// Runs the pipeline `hours` after the harness's moment, with that as the wall clock too.
    func run(_ config: ReportConfig, hours: Double = 0, observer: RecordingObserver = RecordingObserver()) async
        -> RunSummary
    {
        let now = PipelineHarness.now.addingTimeInterval(hours * 3600)
        tokens.setClock(now)
        return await harness.run(config, options: RunOptions(now: now), environment: environment, observer: observer)
    }

    /// The first issued token stops working once the API has seen `requests` requests,
    /// as one that expires mid-run does.
    func expireFirstToken(atRequest requests: Int) {
        let seen = LockedBox(0)
        let server = harness.server
        let tokens = self.tokens
        server.setRequestObserver { path in
            guard path == "/gql",
                seen.withLock({
                    $0 += 1; return $0
                }) == requests
            else { return }
            server.revokeToken(tokens.issuedTokens[0])
        }
    }

    /// Every secret this fixture has handed out or seen, for "never leaves" checks.
    var secrets: [String] {
        let keyLines = privateKeyPEM.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("-----") && $0.count > 20
        }
        return [tokens.client.clientSecret] + tokens.issuedTokens + tokens.refreshTokens + tokens.assertions + keyLines
    }

    /// Files where a secret belongs: the key, the refresh token, the token cache.
    func isSecretStore(_ path: String) -> Bool {
        path.hasPrefix("/secrets/") || path.hasSuffix("/auth/access-token.json")
    }
}
