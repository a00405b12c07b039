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

extension WebURL {
    /// A group's page on meetup.com from its urlname, as meetup.com writes it: letters, digits,
    /// `-` and `_` as they are, anything else percent-encoded (a deleted group's
    /// `muhq_deleted@4333@rladies-glasgow` is `muhq_deleted%404333%40rladies-glasgow`); nil for none.
    package static func meetupGroup(_ urlname: String?) -> URL? {
        guard let urlname, !urlname.isEmpty else { return nil }
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-_")
        guard let path = urlname.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return URL(string: "https://www.meetup.com/\(path)/")
    }
}
