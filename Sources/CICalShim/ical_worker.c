#define _GNU_SOURCE
#include "ical_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* libical loops inside one call for as long as a rule needs (a rule that never matches runs to
 * the year 2582), recurses as deep as a document nests, and expands a zone's rules from 1970 on
 * each conversion. None of that can be stopped from outside a thread, so the document is read in
 * a forked worker: the caller waits with a deadline, kills it past the deadline, and a crash or
 * an allocation past `memory_bytes` is the worker's end, not the caller's. The worker writes its
 * result down a pipe; `wire` is that format (the same binary reads what it wrote).
 *
 * One worker at a time: while the lock is held no thread of this process is inside libical, so
 * the child starts with libical's own locks free (glibc takes care of malloc's across fork). */

static pthread_mutex_t worker_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct {
    int fd;
    char buffer[65536];
    size_t used;
    int failed;
} writer;

static void flush(writer *out) {
    size_t done = 0;
    while (done < out->used && !out->failed) {
        ssize_t written = write(out->fd, out->buffer + done, out->used - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) out->failed = 1;
        else done += (size_t)written;
    }
    out->used = 0;
}

static void put(writer *out, const void *bytes, size_t count) {
    const char *from = bytes;
    while (count > 0 && !out->failed) {
        if (out->used == sizeof(out->buffer)) flush(out);
        size_t room = sizeof(out->buffer) - out->used;
        size_t part = count < room ? count : room;
        memcpy(out->buffer + out->used, from, part);
        out->used += part;
        from += part;
        count -= part;
    }
}

static void put_text(writer *out, const char *text) {
    uint32_t length = text ? (uint32_t)strlen(text) : UINT32_MAX;
    put(out, &length, sizeof(length));
    if (text) put(out, text, length);
}

static void write_result(int fd, int status, const mr_ical_result *result) {
    writer out = {.fd = fd, .used = 0, .failed = 0};
    mr_ical_result header = *result;
    header.items = NULL;
    put(&out, &status, sizeof(status));
    put(&out, &header, sizeof(header));
    for (size_t i = 0; i < result->count; i++) {
        mr_ical_occurrence item = result->items[i];
        const char *texts[5] = {item.uid, item.summary, item.description, item.location, item.url};
        item.uid = item.summary = item.description = item.location = item.url = NULL;
        put(&out, &item, sizeof(item));
        for (int t = 0; t < 5; t++) put_text(&out, texts[t]);
    }
    flush(&out);
}

typedef struct {
    const char *bytes;
    size_t length;
    size_t offset;
} reader;

static int get(reader *in, void *into, size_t count) {
    if (in->length - in->offset < count) return 0;
    memcpy(into, in->bytes + in->offset, count);
    in->offset += count;
    return 1;
}

static int get_text(reader *in, char **text) {
    uint32_t length;
    *text = NULL;
    if (!get(in, &length, sizeof(length))) return 0;
    if (length == UINT32_MAX) return 1;
    if (in->length - in->offset < length || (*text = malloc((size_t)length + 1)) == NULL) return 0;
    memcpy(*text, in->bytes + in->offset, length);
    (*text)[length] = '\0';
    in->offset += length;
    return 1;
}

/* The worker's answer back into `result`; 0 when it is not whole. */
static int read_result(const char *bytes, size_t length, int *status, mr_ical_result *result) {
    reader in = {.bytes = bytes, .length = length, .offset = 0};
    if (!get(&in, status, sizeof(*status)) || !get(&in, result, sizeof(*result))) return 0;
    size_t count = result->count;
    result->items = NULL;
    result->count = 0;
    if (count > (length - in.offset) / sizeof(mr_ical_occurrence)) return 0;
    if (count > 0 && (result->items = calloc(count, sizeof(mr_ical_occurrence))) == NULL) return 0;
    for (size_t i = 0; i < count; i++) {
        mr_ical_occurrence *item = &result->items[i];
        if (!get(&in, item, sizeof(*item))) return 0;
        item->uid = item->summary = item->description = item->location = item->url = NULL;
        result->count = i + 1;
        if (!get_text(&in, &item->uid) || !get_text(&in, &item->summary) || !get_text(&in, &item->description)
            || !get_text(&in, &item->location) || !get_text(&in, &item->url)) return 0;
    }
    return 1;
}

/* What the process maps now, so the worker's limit is what it may add. */
static size_t mapped_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (statm == NULL) return 0;
    if (fscanf(statm, "%lu", &pages) != 1) pages = 0;
    fclose(statm);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* The signals the Swift runtime's crash reporter catches: a worker that dies of one is a
 * hostile document's end, reported by the caller in a line, not a crash report of the process. */
static void default_crash_handlers(void) {
    const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t k = 0; k < sizeof(signals) / sizeof(signals[0]); k++) signal(signals[k], SIG_DFL);
}

static void run_worker(int fd, const char *data, size_t length, const mr_ical_limits *limits, size_t mapped,
                       const mr_guard *guard) {
    default_crash_handlers();
    if (mapped > 0 && limits->memory_bytes > 0) {
        struct rlimit memory = {.rlim_cur = mapped + limits->memory_bytes, .rlim_max = mapped + limits->memory_bytes};
        setrlimit(RLIMIT_AS, &memory);
    }
    mr_ical_result result;
    int status = mr_ical_expand_document(data, length, limits, &result, guard);
    write_result(fd, status, &result);
    _exit(0);
}

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Reads the worker's pipe to its end or the deadline; 1 when the deadline passed. */
static int drain(int fd, double deadline, char **bytes, size_t *length) {
    size_t capacity = 0;
    for (;;) {
        double left = deadline - seconds_now();
        if (left <= 0) return 1;
        struct pollfd wait = {.fd = fd, .events = POLLIN};
        int ready = poll(&wait, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) continue;
        if (*length == capacity) {
            size_t grown = capacity ? capacity * 2 : 65536;
            char *bigger = realloc(*bytes, grown);
            if (bigger == NULL) return 0;
            *bytes = bigger;
            capacity = grown;
        }
        ssize_t got = read(fd, *bytes + *length, capacity - *length);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        *length += (size_t)got;
    }
}

/* At most this many slow events each end a worker; one more reads as a document too slow. */
#define MAX_SLOW_EVENTS 64

static void explain_end(int wait_status, int timed_out, const mr_ical_limits *limits, mr_ical_result *result) {
    if (timed_out) {
        snprintf(result->error, sizeof(result->error), "reading it took longer than %.0f s, the limit for one calendar",
                 limits->total_seconds);
    } else if (WIFSIGNALED(wait_status)) {
        snprintf(result->error, sizeof(result->error), "libical could not read it (its reader ended with signal %d%s)",
                 WTERMSIG(wait_status), WTERMSIG(wait_status) == SIGSEGV ? ", out of memory or stack" : "");
    } else if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == MR_SLOW_EVENT_EXIT) {
        snprintf(result->error, sizeof(result->error),
                 "more than %d of its recurring events each took longer than %.2g s", MAX_SLOW_EVENTS,
                 limits->event_seconds);
    } else {
        snprintf(result->error, sizeof(result->error), "reading it needed more than %zu MB of memory",
                 limits->memory_bytes >> 20);
    }
}

/* What one worker left: its pipe's bytes, how it ended, whether the deadline passed first. */
typedef struct {
    char *bytes;
    size_t received;
    int wait_status;
    int timed_out;
} worker_end;

/* One worker over the whole document, the events in `guard->skipped` left out. 0 when none
 * could be started (`error` says why). */
static int run_one(const char *data, size_t length, const mr_ical_limits *limits, double deadline,
                   const mr_guard *guard, worker_end *end, char *error, size_t error_size) {
    int pipe_ends[2];
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) {
        snprintf(error, error_size, "cannot start its reader: %s", strerror(errno));
        return 0;
    }
    pthread_mutex_lock(&worker_lock);
    size_t mapped = mapped_bytes();
    pid_t worker = fork();
    if (worker == 0) {
        close(pipe_ends[0]);
        run_worker(pipe_ends[1], data, length, limits, mapped, guard);
    }
    close(pipe_ends[1]);
    if (worker < 0) {
        pthread_mutex_unlock(&worker_lock);
        close(pipe_ends[0]);
        snprintf(error, error_size, "cannot start its reader: %s", strerror(errno));
        return 0;
    }
    *end = (worker_end){.bytes = NULL, .received = 0, .wait_status = 0, .timed_out = 0};
    end->timed_out = drain(pipe_ends[0], deadline, &end->bytes, &end->received);
    close(pipe_ends[0]);
    if (end->timed_out) kill(worker, SIGKILL);
    while (waitpid(worker, &end->wait_status, 0) < 0 && errno == EINTR) {}
    pthread_mutex_unlock(&worker_lock);
    return 1;
}

int mr_ical_expand(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result) {
    memset(result, 0, sizeof(*result));
    if (mr_ical_nesting_depth(data, length) > limits->max_depth) {
        snprintf(result->error, sizeof(result->error), "components nested deeper than %d levels", limits->max_depth);
        return 1;
    }
    /* Which event a worker is expanding, where its caller can read it after the worker's end. */
    volatile size_t *current = mmap(NULL, sizeof(size_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (current == MAP_FAILED) {
        snprintf(result->error, sizeof(result->error), "cannot start its reader: %s", strerror(errno));
        return 1;
    }
    size_t skipped[MAX_SLOW_EVENTS];
    mr_guard guard = {.current = current, .skipped = skipped, .skipped_count = 0};
    double deadline = seconds_now() + limits->total_seconds;
    worker_end end;
    int readers = 0;
    for (;;) {
        *current = MR_NO_EVENT;
        if (!run_one(data, length, limits, deadline, &guard, &end, result->error, sizeof(result->error))) {
            munmap((void *)current, sizeof(size_t));
            return 1;
        }
        readers++;
        int slow = !end.timed_out && WIFEXITED(end.wait_status) && WEXITSTATUS(end.wait_status) == MR_SLOW_EVENT_EXIT
            && *current != MR_NO_EVENT && guard.skipped_count < MAX_SLOW_EVENTS;
        if (!slow) break;
        skipped[guard.skipped_count++] = *current;
        free(end.bytes);
    }
    munmap((void *)current, sizeof(size_t));

    int status = 1;
    int whole = !end.timed_out && WIFEXITED(end.wait_status) && WEXITSTATUS(end.wait_status) == 0
        && read_result(end.bytes, end.received, &status, result);
    free(end.bytes);
    if (!whole) {
        mr_ical_free(result);
        memset(result, 0, sizeof(*result));
        explain_end(end.wait_status, end.timed_out, limits, result);
        status = 1;
    }
    result->readers = readers;
    return status;
}
