import ArgumentParser
import Foundation

/// The shell completion scripts, with the default subcommand's options offered at the top level.
///
/// `meetup-report --config FILE` runs `run`, but ArgumentParser's generated scripts complete only
/// the root's own flags there (`--version`, `--help`) and the subcommand names. Each script is
/// patched at one anchor the generator writes; a generator change that moves an anchor leaves
/// the script as generated, and `CompletionTests` fail.
enum CompletionScript {
    static let flag = "--generate-completion-script"

    /// The shell asked for on the command line, when it asks for a completion script.
    static func requestedShell(in arguments: [String]) -> CompletionShell? {
        guard arguments.count >= 1 else { return nil }
        let name: String
        if arguments[0] == flag, arguments.count == 2 {
            name = arguments[1]
        } else if arguments.count == 1, arguments[0].hasPrefix(flag + "=") {
            name = String(arguments[0].dropFirst(flag.count + 1))
        } else {
            return nil
        }
        return CompletionShell(rawValue: name)
    }

    static func script(for shell: CompletionShell) -> String {
        let generated = MeetupReportCommand.completionScript(for: shell)
        switch shell {
        case .bash: return bash(generated)
        case .zsh: return zsh(generated)
        case .fish: return fish(generated)
        default: return generated
        }
    }

    /// Bash: a first word that is an option belongs to `run`.
    static func bash(_ script: String) -> String {
        let anchor = "    local -a non_repeating_options=()\n    __meetup-report_offer_flags_options 0\n"
        let delegation = """
                local -a non_repeating_options=()
                if [[ "${unparsed_words[0]}" == -* ]]; then
                    # The default subcommand (run) takes its options at the top level.
                    _meetup-report_run
                    return
                fi
                __meetup-report_offer_flags_options 0

            """
        return replacingFirst(anchor, with: delegation, in: script)
    }

    /// Zsh: the same, before the root's `_arguments` sees the option.
    static func zsh(_ script: String) -> String {
        let anchor = "    local -ar command_line=(\"${words[@]}\")\n"
        let delegation =
            anchor + """
                    if [[ "${words[2]}" == -* ]]; then
                        # The default subcommand (run) takes its options at the top level.
                        _meetup-report_run
                        return
                    fi

                """
        return replacingFirst(anchor, with: delegation, in: script)
    }

    /// Fish: the root parses `run`'s options, and each of `run`'s options is also offered
    /// with no subcommand named (its own `--version` and `--help` are the root's already).
    static func fish(_ script: String) -> String {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let caseIndex = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "case 'run'" }),
            caseIndex + 1 < lines.count,
            let rootIndex = lines.firstIndex(where: {
                $0.hasSuffix("__meetup-report_parse_subcommand 0 'version' 'h/help'")
            })
        else { return script }
        var patched: [String] = []
        let runMarker = "__meetup-report_should_offer_completions_for_flags_or_options \"meetup-report run\" "
        for (index, line) in lines.enumerated() {
            if index == rootIndex {
                let indent = String(line.prefix { $0 == " " })
                patched.append(indent + lines[caseIndex + 1].trimmingCharacters(in: .whitespaces))
                continue
            }
            patched.append(line)
            guard line.contains(runMarker) else { continue }
            let rest = line.components(separatedBy: runMarker)[1]
            if rest.hasPrefix("version'") || rest.hasPrefix("h help'") { continue }
            patched.append(line.replacingOccurrences(of: "\"meetup-report run\"", with: "\"meetup-report\""))
        }
        return patched.joined(separator: "\n")
    }

    private static func replacingFirst(_ anchor: String, with replacement: String, in script: String) -> String {
        guard let range = script.range(of: anchor) else { return script }
        return script.replacingCharacters(in: range, with: replacement)
    }
}
