#define _GNU_SOURCE
#include "CPlatform.h"

#include <errno.h>
#include <malloc.h>
#include <string.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int mr_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int mr_contains_bytes(const void *text, size_t text_length, const void *needle, size_t needle_length) {
    return memmem(text, text_length, needle, needle_length) != NULL;
}

long long mr_copy_file_range(int from, long long offset, int to, long long length) {
    off64_t position = (off64_t)offset;
    long long done = 0;
    while (done < length) {
        ssize_t copied = copy_file_range(from, &position, to, NULL, (size_t)(length - done), 0);
        if (copied < 0 && errno == EINTR) continue;
        if (copied <= 0) return done > 0 ? done : (copied < 0 ? -1 : 0);
        done += copied;
    }
    return done;
}

void mr_read_ahead(int fd, long long size) {
    const long long chunk = 8LL << 20;
    for (long long offset = 0; offset < size; offset += chunk) {
        if (readahead(fd, (off64_t)offset, (size_t)chunk) != 0) return;
    }
}

void mr_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* The git commit the binary was built from, written by Scripts/commit-header.sh (every
   make target that builds runs it); empty for builds outside a clone. */
#if defined(__has_include)
#if __has_include("build_commit.h")
#include "build_commit.h"
#endif
#endif
#ifndef MR_GIT_COMMIT
#define MR_GIT_COMMIT ""
#endif

const char *mr_build_commit(void) {
    return MR_GIT_COMMIT;
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MR_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define MR_TSAN 1
#endif

#ifdef MR_TSAN
void __tsan_acquire(void *address);
void __tsan_release(void *address);
void mr_tsan_acquire(const void *address) { __tsan_acquire((void *)address); }
void mr_tsan_release(const void *address) { __tsan_release((void *)address); }
#else
void mr_tsan_acquire(const void *address) { (void)address; }
void mr_tsan_release(const void *address) { (void)address; }
#endif
