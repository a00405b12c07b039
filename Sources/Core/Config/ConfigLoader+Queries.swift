import Foundation
import MeetupModel
import MeetupSupport

extension ConfigLoader {
    /// A urlname as Meetup makes them: letters, digits, dashes and underscores.
    static let urlnamePattern = #"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$"#

    /// `queries`: each one a keyword search (`keyword`, `lat`, `lon`, `radiusMiles`), a list of
    /// groups (`groups`: urlnames) or a Pro network (`network`: its urlname), exactly one kind.
    func parseQueries(_ value: JSONValue, root: ConfigReader) throws(ConfigError) -> [EventQuery] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw root.invalid("queries", expected: "a non-empty array of queries", found: value)
        }
        var queries: [EventQuery] = []
        var firstUse: [String: String] = [:]
        for (index, item) in items.enumerated() {
            let path = "\(root.keyPath("queries"))[\(index)]"
            let reader = try ConfigReader(
                file: root.file, path: path, value: item,
                object: ConfigSchema.query)
            let id = try reader.requiredString("id", expected: "a slug of lowercase letters, digits and dashes")
            guard QueryID.isValid(id) else {
                throw reader.invalid(
                    "id",
                    expected: "a slug of lowercase letters, digits and dashes (at most 63), such as \"swift-berlin\"",
                    found: .string(id))
            }
            if let first = firstUse[id] {
                throw .duplicateQueryID(file: root.file, keyPath: reader.keyPath("id"), id: id, firstKeyPath: first)
            }
            firstUse[id] = reader.keyPath("id")
            let (kind, defaultTitle) = try parseKind(reader)
            var query = EventQuery(
                id: id,
                title: try reader.string("title", required: false) ?? defaultTitle,
                kind: kind,
                daysAhead: try reader.integerOrDefault("daysAhead"),
                maxEvents: try reader.integer("maxEvents")
            )
            if let days = try reader.integer("inactiveAfterDays") {
                guard query.followsGroups else {
                    throw reader.invalid(
                        "inactiveAfterDays",
                        expected: "nothing: only a \"groups\" or \"network\" query has a groups report",
                        found: reader.value("inactiveAfterDays") ?? .null)
                }
                query.inactiveAfterDays = days
            }
            queries.append(query)
        }
        return queries
    }

    /// Which kind a query is, from the one key that names it, and its title when none is given.
    private func parseKind(_ reader: ConfigReader) throws(ConfigError) -> (EventQuery.Kind, String) {
        let kinds = ["keyword", "groups", "network"].filter { reader.value($0) != nil }
        let expected =
            "exactly one of \"keyword\" (a search near lat/lon), \"groups\" (urlnames) or \"network\" (a Meetup Pro network's urlname)"
        guard kinds.count == 1 else {
            throw reader.invalid(
                kinds.count > 1 ? kinds[1] : "keyword", expected: expected,
                found: kinds.count > 1 ? reader.value(kinds[1]) ?? .null : .null)
        }
        if kinds[0] != "keyword" {
            for key in ["lat", "lon", "radiusMiles", "radiusKm", "placeName"] where reader.value(key) != nil {
                throw reader.invalid(
                    key, expected: "nothing: only a \"keyword\" search has a place", found: reader.value(key) ?? .null)
            }
        }
        let via = try reader.string("via", required: false) ?? "api"
        guard via == "api" || via == "ical" else {
            throw reader.invalid("via", expected: "\"api\" or \"ical\"", found: .string(via))
        }
        let feedKeys =
            kinds[0] != "groups"
            ? ["via", "delaySeconds", "feedBaseURL"] : via == "api" ? ["delaySeconds", "feedBaseURL"] : []
        for key in feedKeys where reader.value(key) != nil {
            throw reader.invalid(
                key, expected: "nothing: only a \"groups\" query read \"via\": \"ical\" has it",
                found: reader.value(key) ?? .null)
        }
        if kinds[0] == "groups", via == "ical" { return try groupFeeds(reader) }
        switch kinds[0] {
        case "groups":
            let urlnames = try urlnameList(reader)
            return (.groups(urlnames), urlnames.count == 1 ? urlnames[0] : "\(urlnames.count) groups")
        case "network":
            let urlname = try reader.requiredString(
                "network", expected: "a Meetup Pro network's urlname, such as \"rladies\"")
            guard urlname.range(of: Self.urlnamePattern, options: .regularExpression) != nil else {
                throw reader.invalid(
                    "network", expected: "a Meetup Pro network's urlname, such as \"rladies\"", found: .string(urlname))
            }
            return (.network(urlname), urlname)
        default:
            let keyword = try reader.requiredString("keyword")
            let radiusKm = try reader.number("radiusKm", in: 0...804, required: false, allowLowerBound: false)
            if radiusKm != nil, let miles = reader.value("radiusMiles") {
                throw reader.invalid("radiusMiles", expected: "nothing beside \"radiusKm\": one radius", found: miles)
            }
            return (
                .search(
                    SearchArea(
                        keyword: keyword,
                        latitude: try reader.requiredNumber("lat"),
                        longitude: try reader.requiredNumber("lon"),
                        radiusMiles: try reader.numberOrDefault("radiusMiles"),
                        placeName: try reader.string("placeName", required: false).map(TextCleaning.singleLine),
                        radiusKm: radiusKm)),
                keyword
            )
        }
    }

    /// `groups` with `"via": "ical"`: the urlnames, the pause between feeds, where the feeds are.
    private func groupFeeds(_ reader: ConfigReader) throws(ConfigError) -> (EventQuery.Kind, String) {
        let urlnames = try urlnameList(reader)
        var feeds = GroupFeeds(urlnames: urlnames)
        feeds.delaySeconds = try reader.number("delaySeconds", in: 0...60, required: false) ?? feeds.delaySeconds
        if let base = try reader.string("feedBaseURL", required: false) {
            guard let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.query == nil
            else {
                throw reader.invalid("feedBaseURL", expected: "an absolute http(s) URL", found: .string(base))
            }
            feeds.baseURL = url
        }
        return (.groupFeeds(feeds), urlnames.count == 1 ? urlnames[0] : "\(urlnames.count) groups")
    }

    /// `groups`: a non-empty list of urlnames (as in meetup.com/<urlname>/), each asked for once.
    private func urlnameList(_ reader: ConfigReader) throws(ConfigError) -> [String] {
        let expected =
            "a non-empty array of at most 2,000 group urlnames, such as [\"rladies-lagos\", \"rladies-berlin\"]"
        guard let value = reader.value("groups"), case .array(let items) = value, !items.isEmpty, items.count <= 2_000
        else {
            throw reader.invalid("groups", expected: expected, found: reader.value("groups") ?? .null)
        }
        var urlnames: [String] = []
        for (index, item) in items.enumerated() {
            guard let urlname = item.stringValue,
                urlname.range(of: Self.urlnamePattern, options: .regularExpression) != nil
            else {
                throw reader.invalid(
                    "groups[\(index)]", expected: "a group urlname: letters, digits, dashes", found: item)
            }
            urlnames.append(urlname)
        }
        // Urlnames are case-insensitive on meetup.com: the same group twice is asked for once.
        return EventQuery.distinctUrlnames(urlnames)
    }
}
