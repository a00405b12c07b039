import CVipsShim
import Dispatch
import Foundation
import MeetupPhotos
@testable import MeetupReportTestSupport
import MeetupSupport
import Testing

/// libvips on several threads at once, as the photo stage runs it, in a child process: the race
/// it guards against kills the process.
@Suite("VipsThumbnailer on several threads")
struct VipsThumbnailerConcurrencyTests {
    /// liborc 0.4.33 frees code memory without the lock it allocates under (shim.c). Two threads
    /// thumbnail JPEGs (the shim's reduce) and PNGs (vips_thumbnail) while a third allocates and
    /// frees orc code under the shim's lock, a stand-in for a third thumbnail at a far higher rate.
    /// Before the shim took its lock the child died (SIGSEGV) in 5 of 5 runs, in a tenth of a
    /// second; a cold W2 night died in 2 of 36.
    @Test func thumbnailsBesideOtherCodeAllocationsNeverCorruptIt() async {
        await #expect(processExitsWith: .success) {
            exit(VipsThumbnailerConcurrencyTests.thumbnailBesideAChurn() ? EXIT_SUCCESS : EXIT_FAILURE)
        }
    }

    /// True when both threads made thumbnails of the right size, each at least 25 while the churn ran.
    static func thumbnailBesideAChurn() -> Bool {
        guard let folder = try? TemporaryDirectory() else { return false }
        let photos = ["photos/group-a.jpg", "photos/group-b.png"].map { Fixtures.directory.appendingPathComponent($0) }
        // libvips (and with it orc) starts with the first thumbnail, before the churn uses orc.
        guard thumbnail(photos[0], in: folder, as: "first") else { return false }
        let stop = LockedBox(false)
        let made = LockedBox([Int](repeating: 0, count: photos.count))
        let wrong = LockedBox(0)
        let group = DispatchGroup()
        for (index, photo) in photos.enumerated() {
            DispatchQueue.global().async(group: group) {
                while !stop.withLock({ $0 }) {
                    if thumbnail(photo, in: folder, as: "\(index)") {
                        made.withLock { $0[index] += 1 }
                    } else {
                        wrong.withLock { $0 += 1 }
                    }
                }
            }
        }
        // Bounded by time, not by rounds: the churn takes the lock so often that a thumbnail thread
        // can wait long for it (2,000,000 rounds ran out in 1 run of 12, at 3.8 s, one thread short
        // of 25). Where the race is, it kills the child within a tenth of a second.
        let deadline = ContinuousClock.now + .seconds(60)
        repeat {
            mr_vips_churn_code_memory(5_000)
        } while made.withLock({ $0.min() ?? 0 }) < 25 && ContinuousClock.now < deadline
        stop.withLock { $0 = true }
        group.wait()
        return wrong.withLock { $0 } == 0 && made.withLock { $0.allSatisfy { $0 >= 25 } }
    }

    /// A 100-pixel thumbnail and its 200-pixel twin, as the photo stage asks for them.
    static func thumbnail(_ photo: URL, in folder: TemporaryDirectory, as name: String) -> Bool {
        let sizes = try? VipsThumbnailer().makeThumbnails(
            of: photo, width: 100, to: folder.path("\(name).jpg"), double: folder.path("\(name)-2x.jpg"))
        return sizes?.single.width == 100 && sizes?.double?.width == 200
    }
}
