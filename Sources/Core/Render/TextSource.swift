/// Where texts kept out of memory are read from when a page asks for one (last night's kept
/// event texts, tonight's spilled ones): the render sees this and a place in it, never the
/// file behind it. `ReadOnlyFile` is the one the pipeline gives (`EventArtefactStore`,
/// `EventArtefactSpill`); a class, so that texts from one source can be told from another's.
package protocol TextSource: AnyObject, Sendable {
    /// Whether the source has all of the `length` bytes at `offset`.
    func holds(offset: Int, length: Int) -> Bool
    /// Those bytes; nil when they are not all there (the disk no longer gives them).
    func bytes(at offset: Int, length: Int) -> [UInt8]?
    /// The same bytes as text (invalid UTF-8 repaired); nil when they are not all there.
    func string(at offset: Int, length: Int) -> String?
}
