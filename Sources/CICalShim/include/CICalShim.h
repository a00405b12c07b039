#ifndef MEETUP_REPORT_CICAL_SHIM_H
#define MEETUP_REPORT_CICAL_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// One occurrence of a VEVENT in the window, with libical's view of its times.
/// Strings are UTF-8, owned by the result, and may be NULL.
typedef struct {
    char *uid;
    char *summary;
    char *description;
    char *location;
    char *url;
    /// UTC seconds of the start and end (end == start when the event gives none).
    int64_t start;
    int64_t end;
    /// The start's offset from UTC in its own zone, in seconds east.
    int32_t utc_offset;
    /// The end's offset: for an all-day event the end is the midnight after its last day,
    /// which is not the start's offset when the days cross a daylight-saving change.
    int32_t end_utc_offset;
    /// DTSTART is a DATE: an all-day event; start/end are midnights in the fallback zone.
    int all_day;
    /// The recurrence this occurrence stands for (UTC seconds), for a stable id.
    int64_t recurrence;
    int has_geo;
    double latitude;
    double longitude;
} mr_ical_occurrence;

typedef struct {
    mr_ical_occurrence *items;
    size_t count;
    /// VEVENTs left out: no usable DTSTART, or a date libical could not read.
    int skipped_events;
    /// Recurring events whose expansion stopped at the iteration limit.
    int capped_events;
    /// Recurring events whose expansion took longer than `event_seconds` (a rule that never matches).
    int slow_events;
    /// Occurrences past `max_occurrences`, not returned.
    int dropped_occurrences;
    /// TZIDs that were neither in the calendar nor known zone names (the fallback zone was used).
    int unknown_zones;
    /// VTIMEZONEs refused for a rule repeating more often than daily (no real zone has one).
    int refused_zones;
    /// Earlier revisions of an event (same UID and RECURRENCE-ID, lower SEQUENCE) left out.
    int superseded_revisions;
    /// Worker processes the document took: a slow event ends its worker, and the next one
    /// starts clean without it.
    int readers;
    char error[256];
} mr_ical_result;

/// What one document may cost.
typedef struct {
    /// The window, [window_start, window_end) in UTC seconds.
    int64_t window_start;
    int64_t window_end;
    /// Floating times, DATE values and unknown TZIDs are read in this IANA zone.
    const char *fallback_zone;
    size_t max_occurrences;
    /// Steps of one RRULE's iterator.
    size_t max_iterations;
    /// BEGIN nesting, counted on unfolded content lines before libical sees the document.
    int max_depth;
    /// Wall time one VEVENT's expansion may take (libical loops inside one iterator step).
    double event_seconds;
    /// Wall time the whole document may take; past it the reader is stopped.
    double total_seconds;
    /// Memory the reader may allocate beyond what the process had.
    size_t memory_bytes;
} mr_ical_limits;

/// Parses an iCalendar document and expands every VEVENT (RRULEs, RDATEs, EXDATE and
/// EXRULE, RECURRENCE-ID overrides replacing the occurrences they name, THISANDFUTURE
/// overrides the later ones too, the highest SEQUENCE of each revision, cancelled ones left
/// out) into the occurrences that overlap the window. The reading runs in a forked worker
/// process under `limits` (time, memory), so a hostile document costs an error, never the
/// caller's process. Returns 0, or non-zero with `result->error` set when the document
/// cannot be used. Free with `mr_ical_free`.
int mr_ical_expand(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result);

/// The same in the calling process, without the worker's limits (what the worker runs).
int mr_ical_expand_here(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result);

/// Deepest BEGIN nesting of the document's unfolded content lines.
int mr_ical_nesting_depth(const char *data, size_t length);

void mr_ical_free(mr_ical_result *result);

#endif
