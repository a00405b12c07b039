#ifndef MEETUP_REPORT_CPLATFORM_H
#define MEETUP_REPORT_CPLATFORM_H

#include <stddef.h>

/// Atomically swaps two paths (renameat2 with RENAME_EXCHANGE): both must exist.
/// Returns 0 on success, else -1 with errno set (EINVAL/ENOSYS where the
/// file system or kernel cannot exchange).
int mr_exchange_paths(const char *first, const char *second);

/// Whether `needle` occurs in `text`: glibc's memmem, which Swift's Glibc module hides
/// (it is a GNU extension).
int mr_contains_bytes(const void *text, size_t text_length, const void *needle, size_t needle_length);

/// Copies `length` bytes of `from` at `offset` to `to` at its file position, in the kernel
/// (copy_file_range, no pass through this process's memory). Returns the bytes copied (fewer
/// when it stopped), or -1 with errno set when none could be (EXDEV, ENOSYS, EINVAL: the caller
/// reads and writes them instead).
long long mr_copy_file_range(int from, long long offset, int to, long long length);

/// Reads the first `size` bytes of `fd` into the page cache, 8 MB a call (readahead(2), which
/// glibc declares only as a GNU extension); stops at the first call that fails.
void mr_read_ahead(int fd, long long size);

/// Gives the memory malloc holds free back to the system (glibc's malloc_trim, every arena).
void mr_release_free_memory(void);

/// The git commit of the build ("" when built outside a clone).
const char *mr_build_commit(void);

/// Tells ThreadSanitizer that a lock at `address` was taken / is about to be released.
/// Swift's `Synchronization.Mutex` locks with a futex that TSan cannot see (a correct
/// five-line program is reported as racing under -Onone), so `LockedBox` says it here.
/// No-ops unless the build is instrumented (`make tsan`).
void mr_tsan_acquire(const void *address);
void mr_tsan_release(const void *address);

#endif
