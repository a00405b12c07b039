import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// Serves photos from a snapshot's `photos/` folder. Checking a local file is cheap,
/// so entries are never considered fresh (`freshFor: 0`): every run looks again. The recorded file's size and
/// modification time act as its ETag, so an unchanged snapshot is "not modified"
/// and replays reuse cached thumbnails just like live runs do.
package struct SnapshotPhotoFetcher: PhotoFetching {
    private let layout: SnapshotLayout
    private let index: [String: String]

    package init(directory: URL) {
        layout = SnapshotLayout(root: directory)
        var index: [String: String] = [:]
        if let data = try? Data(contentsOf: layout.photoIndex), case .object(let entries)? = try? JSONValue.parse(data)
        {
            for (url, name) in entries {
                // A name from the index must stay a plain file name inside photos/.
                if let name = name.stringValue, !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") {
                    index[url] = name
                }
            }
        }
        self.index = index
    }

    package func fetch(
        _ url: URL, validators: PhotoValidators?, into directory: URL,
        completion: @escaping @Sendable (PhotoFetchResult) -> Void
    ) {
        guard let name = index[url.absoluteString] else {
            completion(.failed(reason: "not in the snapshot"))
            return
        }
        let file = layout.photosDirectory.appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int
        else {
            completion(.failed(reason: "the snapshot's file \(name) is missing"))
            return
        }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let etag = "\"snapshot-\(size)-\(Int(modified))\""
        if validators?.etag == etag {
            completion(.notModified(overNetwork: false, freshFor: 0))
            return
        }
        let destination = directory.appendingPathComponent(UUID().uuidString)
        do {
            try FileManager.default.copyItem(at: file, to: destination)
        } catch {
            completion(.failed(reason: "cannot copy \(name): \(error.localizedDescription)"))
            return
        }
        completion(
            .downloaded(file: destination, byteCount: size, validators: PhotoValidators(etag: etag), freshFor: 0))
    }
}
