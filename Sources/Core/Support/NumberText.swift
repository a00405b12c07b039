import Foundation

/// Numbers as people write them: "25", not "25.0"; "2.5" as it is.
package enum NumberText {
    package static func plain(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
