import CPlatform

/// The process's own memory, as the system sees it.
package enum ProcessMemory {
    /// Gives back to the system what malloc holds free (glibc's `malloc_trim`). Freed memory is
    /// otherwise kept for reuse and still counts as this process's: before Pagefind starts, the
    /// render's freed pages (about 100 MB on W2's cold night) sat beside Pagefind's own.
    package static func releaseFree() {
        mr_release_free_memory()
    }
}
