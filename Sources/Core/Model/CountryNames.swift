import Foundation

/// Countries and world regions by name, from the ISO code Meetup gives a venue (`de`, `KE`):
/// Foundation's region data (CLDR), on Linux too, and the UN's geoscheme for the region a
/// country is in (`KE` is in 014, Eastern Africa).
package enum CountryNames {
    /// The reports' language until the site has others.
    package static let locale = Locale(identifier: "en")

    /// The country's name, or its code when the code is none Foundation knows.
    package static func name(of code: String, locale: Locale = locale) -> String {
        let upper = code.uppercased()
        let region = Locale.Region(upper)
        guard region.isISORegion, region.containingRegion != nil,
            let name = locale.localizedString(forRegionCode: upper)
        else { return upper }
        return name
    }

    /// A place as the pages name it, "Lagos, Nigeria"; nil when neither is known.
    package static func place(city: String?, country: String?, locale: Locale = locale) -> String? {
        let parts = [city, country.map { name(of: $0, locale: locale) }].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The UN geoscheme's region the country is in ("Eastern Africa"), or nil for an unknown code.
    package static func region(of code: String, locale: Locale = locale) -> String? {
        guard let region = Locale.Region(code.uppercased()).containingRegion else { return nil }
        return locale.localizedString(forRegionCode: region.identifier)
    }
}
