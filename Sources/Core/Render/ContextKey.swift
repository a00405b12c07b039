import Foundation
import MeetupSupport

/// A Mustache context as the text of a key: what a page's Markdown is made from, so the page's
/// key is known without rendering it. The same context gives the same key (a dictionary's names
/// sorted); each value says its kind, so "1" and 1 and true differ.
enum ContextKey {
    static func add(_ value: Any, to key: inout ContentHash.Builder) {
        switch value {
        case let text as String: key.add(["s", text])
        case let flag as Bool: key.add(["b", flag ? "1" : "0"])
        case let number as Int: key.add(["i", String(number)])
        case let dictionary as [String: Any]:
            key.add(["{", String(dictionary.count)])
            for name in dictionary.keys.sorted() {
                key.add(name)
                if let inner = dictionary[name] { add(inner, to: &key) }
            }
        case let array as [Any]:
            key.add(["[", String(array.count)])
            for element in array { add(element, to: &key) }
        default:
            key.add(["?", String(describing: value)])
        }
    }
}
