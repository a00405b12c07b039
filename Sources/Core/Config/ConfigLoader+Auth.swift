import Foundation
import MeetupSupport

extension ConfigLoader {
    /// `source.auth`: which OAuth flow the run uses, with what it needs.
    func parseAuth(_ value: JSONValue, reader source: ConfigReader, baseDirectory: URL) throws(ConfigError)
        -> AuthConfig
    {
        let keyPath = source.keyPath("auth")
        let flows = "\"jwt\", \"refresh-token\" or \"token\""
        let type = try ConfigReader(
            file: source.file, path: keyPath, value: value,
            object: ConfigSchema.auth
        ).requiredString("type", expected: flows)
        func endpoint(_ reader: ConfigReader) throws(ConfigError) -> URL {
            try reader.secretURL(
                "tokenEndpoint", example: AuthConfig.defaultTokenEndpoint.absoluteString,
                fallback: AuthConfig.defaultTokenEndpoint)
        }
        switch type {
        case "token":
            let reader = try ConfigReader(
                file: source.file, path: keyPath, value: value, allowed: ["type", "variable"])
            return .token(variable: try tokenVariable(reader, key: "variable"))
        case "jwt":
            let reader = try ConfigReader(
                file: source.file, path: keyPath, value: value,
                allowed: [
                    "type", "clientKey", "memberId", "signingKeyId", "privateKeyFile", "tokenEndpoint",
                ])
            let keyFile = try reader.requiredString(
                "privateKeyFile", expected: "the path of the PEM private key registered with Meetup")
            return .jwt(
                JWTBearerAuth(
                    clientKey: try reader.requiredString("clientKey", expected: "the OAuth client's key"),
                    memberID: try reader.requiredString(
                        "memberId", expected: "the id of the member the client acts for"),
                    signingKeyID: try reader.requiredString(
                        "signingKeyId", expected: "the id Meetup gave the signing key"),
                    privateKeyFile: credentialFile(keyFile, baseDirectory: baseDirectory),
                    tokenEndpoint: try endpoint(reader)))
        case "refresh-token":
            let reader = try ConfigReader(
                file: source.file, path: keyPath, value: value,
                allowed: [
                    "type", "clientId", "clientSecretVariable", "refreshTokenFile", "tokenEndpoint",
                ])
            let variable = try reader.requiredString(
                "clientSecretVariable", expected: "an environment variable name such as MEETUP_CLIENT_SECRET")
            guard Self.isVariableName(variable) else {
                throw reader.invalid(
                    "clientSecretVariable", expected: "an environment variable name such as MEETUP_CLIENT_SECRET",
                    found: .string(variable))
            }
            guard !requiresToken || Self.isSet(environment[variable]) else {
                throw .missingSecret(
                    file: reader.file, keyPath: reader.keyPath("clientSecretVariable"), variable: variable,
                    what: "the OAuth client's secret")
            }
            return .refreshToken(
                RefreshTokenAuth(
                    clientID: try reader.requiredString("clientId", expected: "the OAuth client's id"),
                    clientSecretVariable: variable,
                    refreshTokenFile: Self.resolve(
                        try reader.requiredString("refreshTokenFile", expected: "the path of the refresh token file"),
                        against: baseDirectory),
                    tokenEndpoint: try endpoint(reader)))
        default:
            throw ConfigError.invalidValue(
                file: source.file, keyPath: ConfigReader.join(keyPath, "type"),
                expected: flows, found: ConfigReader.describe(.string(type)))
        }
    }

    /// An environment variable holding the access token, checked to be set unless offline.
    func tokenVariable(_ reader: ConfigReader, key: String) throws(ConfigError) -> String {
        let variable = try reader.string(key, required: false) ?? Self.defaultTokenVariable
        guard Self.isVariableName(variable) else {
            throw reader.invalid(
                key, expected: "an environment variable name such as MEETUP_TOKEN", found: .string(variable))
        }
        guard !requiresToken || Self.isSet(environment[variable]) else {
            throw .missingToken(file: reader.file, keyPath: reader.keyPath(key), variable: variable)
        }
        return variable
    }

    /// A relative key file is looked up in systemd's `$CREDENTIALS_DIRECTORY` first
    /// (so `LoadCredential=` works), then beside the config.
    func credentialFile(_ path: String, baseDirectory: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if !expanded.hasPrefix("/"), let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            let candidate = URL(fileURLWithPath: credentials).appendingPathComponent(expanded).standardizedFileURL
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return Self.resolve(path, against: baseDirectory)
    }

    static func isVariableName(_ name: String) -> Bool {
        name.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil
    }

    static func isSet(_ value: String?) -> Bool {
        value.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } == true
    }
}
