import Foundation

/// One keyword search around a place.
public struct EventQuery: Sendable, Hashable {
    /// A slug (`[a-z0-9-]`), safe to use in file names.
    public var id: String
    public var title: String
    public var keyword: String
    public var latitude: Double
    public var longitude: Double
    public var radiusMiles: Double
    public var daysAhead: Int
    public var maxEvents: Int?

    public init(
        id: String, title: String? = nil, keyword: String, latitude: Double, longitude: Double,
        radiusMiles: Double = 25, daysAhead: Int = 30, maxEvents: Int? = nil
    ) {
        self.id = id
        self.title = title ?? keyword
        self.keyword = keyword
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMiles = radiusMiles
        self.daysAhead = daysAhead
        self.maxEvents = maxEvents
    }
}
