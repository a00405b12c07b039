import Foundation

/// The one environment every child process of the tool gets (Pagefind and its Python
/// probe, the publish command, sendmail): the tool's own environment without its
/// secrets. `ExternalCommand` takes only this type, so no child can be started with
/// the raw process environment by mistake.
///
/// Hidden: the variables the config names as holding secrets (the token variable, the
/// client secret's variable), `CREDENTIALS_DIRECTORY` (systemd's folder of secrets),
/// and any other variable whose value carries a secret the run knows (the same token
/// exported again under another name).
package struct ChildEnvironment: Sendable, Equatable {
    package let variables: [String: String]

    /// - Parameters:
    ///   - environment: the tool's own process environment.
    ///   - secretVariables: names of the variables that hold secrets.
    package init(_ environment: [String: String], secretVariables: Set<String>) {
        let hidden = secretVariables.union(["CREDENTIALS_DIRECTORY"])
        let secrets = secretVariables.compactMap { environment[$0]?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.count >= Self.shortestSecret }
        variables = environment.filter { name, value in
            !hidden.contains(name) && !secrets.contains { value.contains($0) }
        }
    }

    /// An environment the caller wrote out whole, inheriting nothing (the tests' runner,
    /// which hands the binary under test exactly the variables a test sets).
    package init(exactly variables: [String: String]) {
        self.variables = variables
    }

    /// Shorter values are not looked for inside other variables: they would hide
    /// ordinary settings, and no real credential is that short.
    static let shortestSecret = 8

    /// The search path children are found on (the tool's `PATH`, or the usual one).
    package var searchPath: String { variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin" }
}
