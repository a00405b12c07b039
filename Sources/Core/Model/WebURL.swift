import Foundation
import MeetupSupport

/// A link the site may show or fetch: an absolute http(s) URL with a host, from API
/// data or a stored event; anything else (javascript:, relative, empty) is nil.
package enum WebURL {
    package static func parse(_ value: JSONValue?) -> URL? {
        guard let text = value?.stringValue.map(TextCleaning.trimmedWhitespace),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
