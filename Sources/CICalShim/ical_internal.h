#ifndef MEETUP_REPORT_ICAL_INTERNAL_H
#define MEETUP_REPORT_ICAL_INTERNAL_H

#include "CICalShim.h"
#include <libical/ical.h>

/* Shared by the files of this shim only. */

/* A worker's per-event timer: an event that takes longer than `event_seconds` ends the worker
 * with `MR_SLOW_EVENT_EXIT`, its index left in `*current` (memory shared with the caller);
 * the events in `skipped` (those that ended earlier workers) are counted slow, not expanded. */
#define MR_SLOW_EVENT_EXIT 75
#define MR_NO_EVENT ((size_t)-1)
typedef struct {
    volatile size_t *current;
    const size_t *skipped;
    size_t skipped_count;
} mr_guard;

/* Reads and expands `data` in this process; `guard` only in a worker (NULL: no timer). */
int mr_ical_expand_document(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result,
                            const mr_guard *guard);

/* One document's reading: the limits, the result so far and what every VEVENT needs. */
typedef struct {
    const char *uid;
    int64_t recurrence;
    int this_and_future;
    icalcomponent *event;
    /* The override's own start, UTC seconds: THISANDFUTURE moves later instances by as much. */
    int64_t start;
} mr_override;

typedef struct {
    mr_ical_result *result;
    const mr_ical_limits *limits;
    size_t capacity;
    icaltimezone *fallback;
    mr_override *overrides;
    size_t override_count;
} mr_expansion;

/* ical_time.c: times as this shim reads them. */
struct icaltimetype mr_zoned_time(icalproperty *property, icalcomponent *event, mr_expansion *state,
                                  icaltimezone **zone);
icaltimezone *mr_zone_of(icalproperty *property, struct icaltimetype time, icalcomponent *event, mr_expansion *state);
int64_t mr_utc_seconds(struct icaltimetype time, icaltimezone *zone);
int32_t mr_offset_at(struct icaltimetype time, icaltimezone *zone);

/* How long an event lasts: whole days for an all-day event (a day is not 86,400 seconds
 * across a daylight-saving change), seconds otherwise. */
typedef struct {
    int all_day;
    int days;
    int64_t seconds;
} mr_span;

mr_span mr_event_span(icalcomponent *event, mr_expansion *state, struct icaltimetype dtstart, int64_t start);
/* The end of an occurrence that starts at `local` (in `zone`), and the end's own offset. */
void mr_occurrence_end(mr_span span, struct icaltimetype local, icaltimezone *zone, int64_t start, int64_t *end,
                       int32_t *end_offset);

/* ical_expand.c */
void mr_expand_event(mr_expansion *state, icalcomponent *event);
/* Whether `master`'s EXDATEs (or EXRULE) remove the instance that starts at `recurrence`. */
int mr_excludes(mr_expansion *state, icalcomponent *master, int64_t recurrence);

#endif
