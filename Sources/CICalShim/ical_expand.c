#include "ical_internal.h"

#include <stdlib.h>
#include <string.h>

/* One VEVENT into its occurrences in the window: a single one, or the recurrence set (DTSTART,
 * every RRULE, every RDATE; less EXDATE and EXRULE) with the overrides applied. */

static char *copy_text(const char *text) {
    if (text == NULL || text[0] == '\0') return NULL;
    return strdup(text);
}

/* What an occurrence is: its times, and the component its texts come from (the master, or a
 * THISANDFUTURE override that changed it). */
typedef struct {
    icalcomponent *source;
    int64_t start;
    int64_t end;
    int32_t offset;
    int32_t end_offset;
    int all_day;
    int64_t recurrence;
} occurrence;

static int append(mr_expansion *state, occurrence what) {
    mr_ical_result *result = state->result;
    if (what.start >= state->limits->window_end || what.end <= state->limits->window_start) return 1;
    if (result->count >= state->limits->max_occurrences) {
        result->dropped_occurrences++;
        return 0;
    }
    if (result->count == state->capacity) {
        size_t capacity = state->capacity ? state->capacity * 2 : 64;
        mr_ical_occurrence *grown = realloc(result->items, capacity * sizeof(mr_ical_occurrence));
        if (grown == NULL) return 0;
        result->items = grown;
        state->capacity = capacity;
    }
    mr_ical_occurrence *item = &result->items[result->count];
    memset(item, 0, sizeof(*item));
    result->count++;
    icalcomponent *event = what.source;
    item->uid = copy_text(icalcomponent_get_uid(event));
    item->summary = copy_text(icalcomponent_get_summary(event));
    item->description = copy_text(icalcomponent_get_description(event));
    item->location = copy_text(icalcomponent_get_location(event));
    icalproperty *url = icalcomponent_get_first_property(event, ICAL_URL_PROPERTY);
    item->url = url ? copy_text(icalproperty_get_url(url)) : NULL;
    icalproperty *geo = icalcomponent_get_first_property(event, ICAL_GEO_PROPERTY);
    if (geo != NULL) {
        struct icalgeotype value = icalproperty_get_geo(geo);
        item->has_geo = 1;
        item->latitude = value.lat;
        item->longitude = value.lon;
    }
    item->start = what.start;
    item->end = what.end;
    item->utc_offset = what.offset;
    item->end_utc_offset = what.end_offset;
    item->all_day = what.all_day;
    item->recurrence = what.recurrence;
    return 1;
}

/* The start of a VEVENT in the zone it is shown in (all-day events in the site's). */
typedef struct {
    struct icaltimetype local;
    icaltimezone *zone;
    int64_t start;
    mr_span span;
    /* A DTSTART with no zone and not UTC (RFC 5545 3.3.5, form #1): its instances are wall-clock times. */
    int floating;
} anchor;

static int anchor_of(mr_expansion *state, icalcomponent *event, anchor *into) {
    icalproperty *property = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY);
    icaltimezone *zone = NULL;
    into->local = property ? mr_zoned_time(property, event, state, &zone) : icaltime_null_time();
    if (icaltime_is_null_time(into->local)) return 0;
    into->floating = !into->local.is_date && !icaltime_is_utc(into->local)
        && icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER) == NULL;
    into->zone = into->local.is_date ? state->fallback : zone;
    into->start = mr_utc_seconds(into->local, into->zone);
    into->span = mr_event_span(event, state, into->local, into->start);
    return 1;
}

static occurrence at(icalcomponent *source, anchor *from, struct icaltimetype local, int64_t start,
                     int64_t recurrence) {
    occurrence what = {.source = source, .start = start, .all_day = from->span.all_day, .recurrence = recurrence};
    what.offset = mr_offset_at(local, from->zone);
    mr_occurrence_end(from->span, local, from->zone, start, &what.end, &what.end_offset);
    return what;
}

static const mr_override *exact_override(mr_expansion *state, const char *uid, int64_t recurrence) {
    if (uid == NULL) return NULL;
    for (size_t i = 0; i < state->override_count; i++) {
        const mr_override *candidate = &state->overrides[i];
        if (candidate->recurrence == recurrence && strcmp(candidate->uid, uid) == 0) return candidate;
    }
    return NULL;
}

/* The latest THISANDFUTURE override before `recurrence` (RFC 5545 3.8.4.4). */
static const mr_override *ranged_override(mr_expansion *state, const char *uid, int64_t recurrence) {
    const mr_override *found = NULL;
    if (uid == NULL) return NULL;
    for (size_t i = 0; i < state->override_count; i++) {
        const mr_override *candidate = &state->overrides[i];
        if (!candidate->this_and_future || candidate->recurrence >= recurrence || strcmp(candidate->uid, uid) != 0)
            continue;
        if (found == NULL || candidate->recurrence > found->recurrence) found = candidate;
    }
    return found;
}

typedef struct {
    struct icaltimetype local;
    int64_t start;
    int64_t end; /* an RDATE's PERIOD; else 0 */
} instant;

typedef struct {
    instant *items;
    size_t count;
    size_t capacity;
} instants;

static int push(instants *list, size_t limit, struct icaltimetype local, int64_t start, int64_t end) {
    if (list->count >= limit) return 0;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 32;
        instant *grown = realloc(list->items, capacity * sizeof(instant));
        if (grown == NULL) return 0;
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = (instant){.local = local, .start = start, .end = end};
    return 1;
}

static int by_start(const void *left, const void *right) {
    int64_t a = ((const instant *)left)->start, b = ((const instant *)right)->start;
    return (a > b) - (a < b);
}

/* Each RRULE's instances before the window's end; 0 when one stopped at the iteration limit. */
static int rule_instances(mr_expansion *state, icalcomponent *event, anchor *from, instants *list) {
    const mr_ical_limits *limits = state->limits;
    int whole = 1;
    for (icalproperty *rrule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY); rrule != NULL;
         rrule = icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY)) {
        struct icalrecurrencetype rule = icalproperty_get_rrule(rrule);
        icalrecur_iterator *iterator = icalrecur_iterator_new(rule, from->local);
        if (iterator == NULL) continue;
        /* Jump close to the window when the rule allows it (not with COUNT, which counts from DTSTART). */
        int64_t longest = from->span.all_day ? (int64_t)from->span.days * 90000 : from->span.seconds;
        if (rule.count == 0 && from->start + longest < limits->window_start) {
            time_t jump = (time_t)(limits->window_start - longest);
            icalrecur_iterator_set_start(iterator, icaltime_from_timet_with_zone(jump, from->span.all_day, from->zone));
        }
        size_t steps = 0;
        for (struct icaltimetype next = icalrecur_iterator_next(iterator); !icaltime_is_null_time(next);
             next = icalrecur_iterator_next(iterator)) {
            if (++steps > limits->max_iterations) {
                whole = 0;
                break;
            }
            int64_t start = mr_utc_seconds(next, from->zone);
            if (start >= limits->window_end) break;
            if (start + longest < limits->window_start) continue;
            if (!push(list, limits->max_iterations, next, start, 0)) break;
        }
        icalrecur_iterator_free(iterator);
    }
    return whole;
}

/* Every RDATE: a date, a date-time in its own zone, or a period with its own end. */
static void date_instances(mr_expansion *state, icalcomponent *event, anchor *from, instants *list) {
    for (icalproperty *rdate = icalcomponent_get_first_property(event, ICAL_RDATE_PROPERTY); rdate != NULL;
         rdate = icalcomponent_get_next_property(event, ICAL_RDATE_PROPERTY)) {
        struct icaldatetimeperiodtype value = icalproperty_get_rdate(rdate);
        int period = icaltime_is_null_time(value.time);
        struct icaltimetype local = period ? value.period.start : value.time;
        if (icaltime_is_null_time(local) || !icaltime_is_valid_time(local)) continue;
        /* A DATE is that day's midnight in the event's own zone (the site's for an all-day or floating
         * event): a timed event in New York given RDATE 19970101 starts at 05:00 UTC, not at midnight
         * in the site's zone (icalendar issue 1633, as recurring-ical-events reads it). */
        icaltimezone *zone = local.is_date ? from->zone : mr_zone_of(rdate, local, event, state);
        int64_t start = mr_utc_seconds(local, zone);
        int64_t end = 0;
        if (period && !icaltime_is_null_time(value.period.end)) end = mr_utc_seconds(value.period.end, zone);
        else if (period) end = start + icaldurationtype_as_int(value.period.duration);
        /* Shown in the event's own zone, like its other instances. */
        struct icaltimetype shown = icaltime_from_timet_with_zone((time_t)start, from->span.all_day, from->zone);
        if (!push(list, state->limits->max_iterations, local.is_date ? local : shown, start, end > start ? end : 0)) return;
    }
}

/* One instance of the set as an occurrence: itself, or moved and changed by a THISANDFUTURE override. */
static occurrence instance(mr_expansion *state, icalcomponent *event, anchor *from, instant *at_time, const char *uid) {
    const mr_override *ranged = ranged_override(state, uid, at_time->start);
    anchor changed;
    if (ranged != NULL && anchor_of(state, ranged->event, &changed)) {
        int64_t start = at_time->start + (ranged->start - ranged->recurrence);
        struct icaltimetype local = icaltime_from_timet_with_zone((time_t)start, changed.span.all_day, changed.zone);
        return at(ranged->event, &changed, local, start, at_time->start);
    }
    occurrence what = at(event, from, at_time->local, at_time->start, at_time->start);
    if (at_time->end > at_time->start) what.end = at_time->end;
    return what;
}

/* EXDATE compared as instants (a date-time in its own zone) or as dates (a DATE excludes that day
 * in the event's zone); libical's own check compares RDATE times without their zones. EXRULE is libical's. */
static int excluded(mr_expansion *state, icalcomponent *event, anchor *from, instant *at_time) {
    for (icalproperty *exdate = icalcomponent_get_first_property(event, ICAL_EXDATE_PROPERTY); exdate != NULL;
         exdate = icalcomponent_get_next_property(event, ICAL_EXDATE_PROPERTY)) {
        icaltimezone *zone = NULL;
        struct icaltimetype time = mr_zoned_time(exdate, event, state, &zone);
        if (icaltime_is_null_time(time)) continue;
        if (time.is_date) {
            struct icaltimetype local = icaltime_from_timet_with_zone((time_t)at_time->start, 0, from->zone);
            if (local.year == time.year && local.month == time.month && local.day == time.day) return 1;
        } else if (mr_utc_seconds(time, zone) == at_time->start) {
            return 1;
        } else if (from->floating && time.year == at_time->local.year && time.month == at_time->local.month
                   && time.day == at_time->local.day && time.hour == at_time->local.hour
                   && time.minute == at_time->local.minute && time.second == at_time->local.second) {
            /* A floating event's instances have no instant of their own: an EXDATE names the
             * wall-clock time it removes, whatever zone it was written in (icalendar's
             * event_with_recurrence.ics: floating 01:00 daily, EXDATE 19960402T010000Z). */
            return 1;
        }
    }
    return icalcomponent_get_first_property(event, ICAL_EXRULE_PROPERTY) != NULL
        && icalproperty_recurrence_is_excluded(event, &from->local, &at_time->local);
}

/* Every RRULE ends before DTSTART begins (UNTIL earlier than DTSTART): the rule describes no
 * instance, DTSTART's included (recurring-ical-events issue 117); RDATEs still count. */
static int rules_end_before_start(icalcomponent *event, anchor *from) {
    int rules = 0;
    for (icalproperty *rrule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY); rrule != NULL;
         rrule = icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY)) {
        struct icalrecurrencetype rule = icalproperty_get_rrule(rrule);
        if (icaltime_is_null_time(rule.until)) return 0;
        struct icaltimetype until = rule.until, start = from->local;
        if (until.is_date || start.is_date) {
            if (icaltime_compare_date_only(until, start) >= 0) return 0;
        } else if (mr_utc_seconds(until, icaltime_is_utc(until) ? icaltimezone_get_utc_timezone() : from->zone)
                   >= from->start) {
            return 0;
        }
        rules++;
    }
    return rules > 0;
}

static void expand_set(mr_expansion *state, icalcomponent *event, anchor *from) {
    const char *uid = icalcomponent_get_uid(event);
    instants list = {0};
    if (!rules_end_before_start(event, from)) {
        push(&list, state->limits->max_iterations, from->local, from->start, 0);
        if (!rule_instances(state, event, from, &list)) state->result->capped_events++;
    }
    date_instances(state, event, from, &list);
    qsort(list.items, list.count, sizeof(instant), by_start);
    for (size_t i = 0; i < list.count; i++) {
        instant *next = &list.items[i];
        if (i > 0 && next->start == list.items[i - 1].start) continue;
        if (next->start >= state->limits->window_end) break;
        if (excluded(state, event, from, next)) continue;
        if (exact_override(state, uid, next->start) != NULL) continue;
        if (!append(state, instance(state, event, from, next, uid))) break;
    }
    free(list.items);
}

int mr_excludes(mr_expansion *state, icalcomponent *master, int64_t recurrence) {
    anchor from;
    if (!anchor_of(state, master, &from)) return 0;
    instant at_time = {
        .local = icaltime_from_timet_with_zone((time_t)recurrence, from.span.all_day, from.zone), .start = recurrence};
    return excluded(state, master, &from, &at_time);
}

void mr_expand_event(mr_expansion *state, icalcomponent *event) {
    if (icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED) return;
    anchor from;
    if (!anchor_of(state, event, &from)) {
        state->result->skipped_events++;
        return;
    }
    icalproperty *recurrence_id = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
    int recurring = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) != NULL
        || icalcomponent_get_first_property(event, ICAL_RDATE_PROPERTY) != NULL;
    if (recurrence_id == NULL && recurring) {
        expand_set(state, event, &from);
        return;
    }
    int64_t recurrence = from.start;
    if (recurrence_id != NULL) {
        icaltimezone *zone = NULL;
        struct icaltimetype rid = mr_zoned_time(recurrence_id, event, state, &zone);
        if (!icaltime_is_null_time(rid)) recurrence = mr_utc_seconds(rid, rid.is_date ? state->fallback : zone);
    }
    append(state, at(event, &from, from.local, from.start, recurrence));
}
