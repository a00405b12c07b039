import Foundation

/// Where the event texts kept from last night, and those made tonight, are read from when a
/// page asks (`EventArtefacts`): the render reads stored texts through this and nothing else,
/// not through files (the build cache, `BuildCache+EventTexts`, is the one there is).
package protocol EventTextStore: AnyObject, Sendable {
    /// The UTF-8 bytes of `field` of the set stored as `set`; nil when they cannot be read.
    func bytes(of set: Int64, field: EventArtefacts.Field) -> [UInt8]?
}
