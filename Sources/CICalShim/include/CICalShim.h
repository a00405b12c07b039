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
    /// Occurrences past `max_occurrences`, not returned.
    int dropped_occurrences;
    /// TZIDs that were neither in the calendar nor known zone names (the fallback zone was used).
    int unknown_zones;
    char error[256];
} mr_ical_result;

/// Parses an iCalendar document and expands every VEVENT (RRULE with EXDATE and EXRULE,
/// RECURRENCE-ID overrides replacing the occurrences they name, cancelled ones left out)
/// into the occurrences that overlap [window_start, window_end) (UTC seconds). Floating
/// times, DATE values and unknown TZIDs are read in `fallback_zone` (an IANA name).
/// Returns 0, or non-zero with `result->error` set when the document cannot be used
/// (nesting deeper than `max_depth`, no VCALENDAR). Free with `mr_ical_free`.
int mr_ical_expand(const char *data, size_t length, int64_t window_start, int64_t window_end,
                   const char *fallback_zone, size_t max_occurrences, size_t max_iterations,
                   int max_depth, mr_ical_result *result);

void mr_ical_free(mr_ical_result *result);

#endif
