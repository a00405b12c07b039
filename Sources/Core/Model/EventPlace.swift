import Foundation
import MeetupSupport

/// Where an event happens, as data: what the history stores and compares, and what
/// the pages format. Comparing data, not display text, means a change of wording on
/// the pages never makes every event look moved.
package struct EventPlace: Sendable, Hashable {
    package var venueName: String?
    package var city: String?
    package var isOnline: Bool

    package init(venueName: String?, city: String?, isOnline: Bool) {
        self.venueName = venueName
        self.city = city
        self.isOnline = isOnline
    }

    package init(of event: Event) {
        self.init(venueName: event.venue?.name, city: event.venue?.city, isOnline: event.isOnline)
    }

    /// "Factory Berlin, Berlin", "Online" or "Location to be announced": how pages say
    /// where, and what history rows written before places were stored kept.
    package var displayText: String {
        if let name = venueName {
            if let city, !city.isEmpty, city.lowercased() != name.lowercased() {
                return "\(name), \(city)"
            }
            return name
        }
        return isOnline ? "Online" : "Location to be announced"
    }

    /// Rows written before places were stored kept only the text the pages showed;
    /// as a venue name it displays the same.
    package init(displayedText: String) {
        self.init(venueName: displayedText, city: nil, isOnline: false)
    }

    package var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["online": .bool(isOnline)]
        if let venueName { members["venue"] = .string(venueName) }
        if let city { members["city"] = .string(city) }
        return .object(members)
    }

    package init?(jsonText: String?) {
        guard let jsonText, let value = try? JSONValue.parse(Data(jsonText.utf8)), case .object = value else {
            return nil
        }
        self.init(
            venueName: value["venue"]?.stringValue, city: value["city"]?.stringValue,
            isOnline: value["online"]?.boolValue ?? false)
    }
}
