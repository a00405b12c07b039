import Foundation

/// Numbers as people write them: "25", not "25.0"; "2.5" as it is.
package enum NumberText {
    package static func plain(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// "6,120": thousands grouped with commas.
    package static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        let grouped = digits.reversed().enumerated().reduce(into: "") { text, pair in
            if pair.offset > 0, pair.offset % 3 == 0 { text.append(",") }
            text.append(pair.element)
        }
        return (number < 0 ? "-" : "") + String(grouped.reversed())
    }
}
