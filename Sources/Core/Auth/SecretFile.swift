import Foundation

/// Reads a file that holds a secret (a private key, a refresh token), refusing one
/// that group or others can read, as ssh refuses such a key: a secret left
/// world-readable is a leak the user should hear about, not a detail to work around.
package enum SecretFile {
    package static func read(_ url: URL, what: String) throws(AuthError) -> String {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw .fileUnreadable(path: url.path, what: what, reason: Self.reason(error))
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw .fileTooOpen(path: url.path, what: what, mode: mode & 0o777)
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .fileUnreadable(path: url.path, what: what, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.code == NSFileReadNoSuchFileError ? "no such file" : nsError.localizedDescription
    }
}
