import Foundation

/// Escaping for XML text and attribute values (Atom, sitemap). Characters XML 1.0
/// forbids (most C0 controls, U+FFFE, U+FFFF) are dropped rather than escaped:
/// no escape makes them legal, and one of them would make a feed reader reject the whole feed.
package enum XMLEscaping {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
