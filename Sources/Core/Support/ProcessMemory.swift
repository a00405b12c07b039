import CPlatform
import Foundation

/// The process's own memory, as the system sees it.
package enum ProcessMemory {
    /// Gives back to the system what malloc holds free (glibc's `malloc_trim`). Freed memory is
    /// otherwise kept for reuse and still counts as this process's: before Pagefind starts, the
    /// render's freed pages (about 100 MB on W2's cold night) sat beside Pagefind's own.
    package static func releaseFree() {
        mr_release_free_memory()
    }

    /// Frees what `value` holds on a thread of its own, leaving `empty` in its place: the caller
    /// goes on (or the process exits) without waiting for every object it held to be released.
    /// The thread's box holds the only reference: the caller's copy is gone before it starts.
    package static func free<Value: Sendable>(beside value: inout Value, leaving empty: Value) {
        let box: LockedBox<Value?>
        do {
            var taken = empty
            swap(&taken, &value)
            box = LockedBox(taken)
        }
        Thread.detachNewThread { box.withLock { $0 = nil } }
    }
}
