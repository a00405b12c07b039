import Foundation
import MeetupSupport

/// The content-named files of a Pagefind index: its fragments, word indexes, filters and each
/// language's metadata, each named by a hash of its bytes (`fragment/en_1a2b3c4.pf_fragment`).
/// Pagefind never writes such a file when one of its name exists (`WriteBehavior::Immutable`
/// in its `output/mod.rs`: "reuse existing hashed files", since 0.4.0 of July 2022), so last
/// night's, linked into the folder it writes to, are kept rather than written again. What the
/// index no longer uses it leaves beside them: the metadata, which lists every name in use,
/// tells them apart.
///
/// W2's changed night re-indexes a shard of 1,428 records whose 1,469 files were all written
/// again and 1,439 of them then found identical to the published copy (docs/bench-log.md, issue 34's
/// seventeenth part). Every other file (`pagefind.js`, the entry, the UI, the wasm) Pagefind
/// truncates and writes in place, so it is never linked: it would write into the published site.
///
/// A name is 28 bits of its hash (with the language): a changed file whose name is one of last
/// night's other files is served as that file. Pagefind accepts the same of any folder it writes
/// into again, and browsers and CDNs cache these files by name for the same reason.
enum PagefindIndexFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The folders of content-named files, with their files' extension.
    private static let kinds = [("fragment/", ".pf_fragment"), ("index/", ".pf_index"), ("filter/", ".pf_filter")]

    /// The hash naming `relative` (a path inside an index folder) when it is a content-named
    /// file; nil for any other.
    static func hash(of relative: String) -> String? {
        for (folder, suffix) in kinds where relative.hasPrefix(folder) && relative.hasSuffix(suffix) {
            let name = relative.dropFirst(folder.count).dropLast(suffix.count)
            return name.isEmpty || name.contains("/") ? nil : String(name)
        }
        guard relative.hasPrefix("pagefind."), relative.hasSuffix(".pf_meta"), !relative.contains("/") else {
            return nil
        }
        let name = relative.dropFirst("pagefind.".count).dropLast(".pf_meta".count)
        return name.isEmpty ? nil : String(name)
    }

    /// Hard links to `published`'s content-named files in `output` (emptied beforehand); how
    /// many. A file that cannot be linked is left to Pagefind to write.
    @discardableResult
    static func link(from published: String, into output: String) -> Int {
        FileTree.link(FileTree.files(under: published).filter { hash(of: $0) != nil }, from: published, into: output)
    }

    /// The names the index in `folder` uses: each language's metadata, as its entry
    /// (`pagefind-entry.json`) names it, and every name that metadata lists.
    static func inUse(in folder: String) throws(Failure) -> Set<String> {
        let entryPath = folder + "/pagefind-entry.json"
        let data = try read(entryPath, limit: 1 << 20)
        let entry: JSONValue
        do { entry = try JSONValue.parse(data) } catch { throw Failure(description: "\(entryPath): \(error)") }
        guard let languages = entry["languages"]?.objectValue else {
            throw Failure(description: "\(entryPath) names no languages")
        }
        var names: Set<String> = []
        for language in languages.values {
            guard let hash = language["hash"]?.stringValue, !hash.contains("/") else {
                throw Failure(description: "\(entryPath) names a language without its metadata")
            }
            names.insert(hash)
            names.formUnion(try listed(in: folder + "/pagefind.\(hash).pf_meta"))
        }
        return names
    }

    /// Removes the content-named files in `folder` that its index does not use; how many.
    /// Nothing is removed when the names in use cannot be read.
    @discardableResult
    static func removeUnused(in folder: String) throws(Failure) -> Int {
        let names = try inUse(in: folder)
        var removed = 0
        for file in FileTree.files(under: folder) {
            guard let hash = hash(of: file), !names.contains(hash) else { continue }
            if FileTree.clear(folder + "/" + file) { removed += 1 }
        }
        return removed
    }

    /// The strings a metadata file lists: gzip, then Pagefind's signature, then CBOR.
    private static func listed(in path: String) throws(Failure) -> [String] {
        let signature = Array("pagefind_dcd".utf8)
        let data = try read(path, limit: 16 << 20)
        do {
            let bytes = [UInt8](try Gzip.decompress(data, limit: 64 << 20))
            guard bytes.starts(with: signature) else { throw Failure(description: "\(path) is not Pagefind's") }
            return try CBORTextStrings.all(in: Array(bytes.dropFirst(signature.count)))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    /// The bytes of the file at `path`, which another program wrote: no more than `limit`.
    private static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        guard (FileOperations.fileSize(atPath: path) ?? .max) <= limit,
            let data = FileManager.default.contents(atPath: path)
        else { throw Failure(description: "cannot read \(path)") }
        return data
    }
}
