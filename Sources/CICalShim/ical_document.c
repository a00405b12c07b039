#define _GNU_SOURCE
#include "ical_internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

/* A whole document: parse, refuse what no real calendar has, keep each event's latest revision,
 * collect the overrides, then expand every event. */

typedef struct {
    icalcomponent *event;
    const char *uid;
    int is_override;
    int64_t recurrence;
    int sequence;
    int64_t stamp;
    size_t order;
} revision;

static int64_t stamp_of(icalcomponent *event) {
    int64_t latest = 0;
    icalproperty *modified = icalcomponent_get_first_property(event, ICAL_LASTMODIFIED_PROPERTY);
    icalproperty *stamp = icalcomponent_get_first_property(event, ICAL_DTSTAMP_PROPERTY);
    if (modified != NULL) latest = (int64_t)icaltime_as_timet(icalproperty_get_lastmodified(modified));
    if (stamp != NULL) {
        int64_t value = (int64_t)icaltime_as_timet(icalproperty_get_dtstamp(stamp));
        if (value > latest) latest = value;
    }
    return latest;
}

/* Same event (UID, master or the same RECURRENCE-ID) next to each other, the winner last:
 * the highest SEQUENCE, then the latest LAST-MODIFIED or DTSTAMP, then the earlier in the file
 * (two copies nothing tells apart: the first stands, as recurring-ical-events reads icalendar's
 * tutorial calendar, two events under one UID). */
static int by_revision(const void *left, const void *right) {
    const revision *a = left, *b = right;
    if ((a->uid == NULL) != (b->uid == NULL)) return a->uid == NULL ? 1 : -1;
    if (a->uid != NULL) {
        int order = strcmp(a->uid, b->uid);
        if (order != 0) return order;
    }
    if (a->is_override != b->is_override) return a->is_override - b->is_override;
    if (a->recurrence != b->recurrence) return (a->recurrence > b->recurrence) - (a->recurrence < b->recurrence);
    if (a->sequence != b->sequence) return (a->sequence > b->sequence) - (a->sequence < b->sequence);
    if (a->stamp != b->stamp) return (a->stamp > b->stamp) - (a->stamp < b->stamp);
    return (a->order < b->order) - (a->order > b->order);
}

static int by_order(const void *left, const void *right) {
    size_t a = ((const revision *)left)->order, b = ((const revision *)right)->order;
    return (a > b) - (a < b);
}

static int same_event(const revision *a, const revision *b) {
    return a->uid != NULL && b->uid != NULL && strcmp(a->uid, b->uid) == 0 && a->is_override == b->is_override
        && a->recurrence == b->recurrence;
}

/* An override that a later revision of its master withdrew: the master's SEQUENCE is higher and its
 * EXDATE removes the override's RECURRENCE-ID (the organiser deleted that instance after editing it;
 * recurring-ical-events issues 148 and 163). An override as new as its master stays. `all` is in
 * `by_revision` order, superseded revisions gone; returns how many are kept. */
static size_t without_withdrawn_overrides(mr_expansion *state, revision *all, size_t count) {
    size_t kept = 0;
    revision master = {0};  /* in `by_revision` order a UID's master comes just before its overrides */
    for (size_t i = 0; i < count; i++) {
        revision entry = all[i];
        if (!entry.is_override) master = entry;
        int withdrawn = entry.is_override && entry.uid != NULL && master.uid != NULL && !master.is_override
            && strcmp(master.uid, entry.uid) == 0 && master.sequence > entry.sequence
            && mr_excludes(state, master.event, entry.recurrence);
        if (withdrawn) {
            state->result->superseded_revisions++;
            continue;
        }
        all[kept++] = entry;
    }
    return kept;
}

/* Every VEVENT of every calendar in the document, its superseded revisions left out. */
static revision *latest_revisions(mr_expansion *state, icalcomponent **calendars, size_t calendar_count, size_t *count) {
    size_t capacity = 64, used = 0;
    revision *all = malloc(capacity * sizeof(revision));
    for (size_t c = 0; c < calendar_count && all != NULL; c++) {
        for (icalcomponent *event = icalcomponent_get_first_component(calendars[c], ICAL_VEVENT_COMPONENT);
             event != NULL && all != NULL; event = icalcomponent_get_next_component(calendars[c], ICAL_VEVENT_COMPONENT)) {
            if (used == capacity) {
                revision *grown = realloc(all, (capacity *= 2) * sizeof(revision));
                if (grown == NULL) free(all);
                all = grown;
                if (all == NULL) break;
            }
            revision *entry = &all[used];
            *entry = (revision){.event = event, .uid = icalcomponent_get_uid(event), .order = used};
            icalproperty *rid = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
            if (rid != NULL) {
                icaltimezone *zone = NULL;
                struct icaltimetype time = mr_zoned_time(rid, event, state, &zone);
                entry->is_override = 1;
                entry->recurrence = icaltime_is_null_time(time) ? 0 : mr_utc_seconds(time, time.is_date ? state->fallback : zone);
            }
            icalproperty *sequence = icalcomponent_get_first_property(event, ICAL_SEQUENCE_PROPERTY);
            entry->sequence = sequence ? icalproperty_get_sequence(sequence) : 0;
            entry->stamp = stamp_of(event);
            used++;
        }
    }
    if (all == NULL) {
        *count = 0;
        return NULL;
    }
    qsort(all, used, sizeof(revision), by_revision);
    size_t kept = 0;
    for (size_t i = 0; i < used; i++) {
        if (i + 1 < used && same_event(&all[i], &all[i + 1])) {
            state->result->superseded_revisions++;
            continue;
        }
        all[kept++] = all[i];
    }
    kept = without_withdrawn_overrides(state, all, kept);
    qsort(all, kept, sizeof(revision), by_order);
    *count = kept;
    return all;
}

static void collect_overrides(mr_expansion *state, revision *events, size_t count) {
    for (size_t i = 0; i < count; i++) {
        icalcomponent *event = events[i].event;
        icalproperty *rid = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
        if (!events[i].is_override || events[i].uid == NULL || rid == NULL) continue;
        icalparameter *range = icalproperty_get_first_parameter(rid, ICAL_RANGE_PARAMETER);
        icalproperty *dtstart = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY);
        icaltimezone *zone = NULL;
        struct icaltimetype start = dtstart ? mr_zoned_time(dtstart, event, state, &zone) : icaltime_null_time();
        mr_override *grown = realloc(state->overrides, (state->override_count + 1) * sizeof(mr_override));
        if (grown == NULL) return;
        state->overrides = grown;
        state->overrides[state->override_count++] = (mr_override){
            .uid = events[i].uid, .recurrence = events[i].recurrence, .event = event,
            .this_and_future = range != NULL && icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE,
            .start = icaltime_is_null_time(start) ? events[i].recurrence
                                                  : mr_utc_seconds(start, start.is_date ? state->fallback : zone),
        };
    }
}

/* A zone whose rule changes more often than daily is no real zone, and libical would expand it
 * from 1970 on every conversion (minutes: gigabytes). Its times are read by name or in the site's. */
static int repeats_within_a_day(icalcomponent *zone) {
    for (icalcomponent *part = icalcomponent_get_first_component(zone, ICAL_ANY_COMPONENT); part != NULL;
         part = icalcomponent_get_next_component(zone, ICAL_ANY_COMPONENT)) {
        for (icalproperty *rrule = icalcomponent_get_first_property(part, ICAL_RRULE_PROPERTY); rrule != NULL;
             rrule = icalcomponent_get_next_property(part, ICAL_RRULE_PROPERTY)) {
            icalrecurrencetype_frequency frequency = icalproperty_get_rrule(rrule).freq;
            if (frequency == ICAL_SECONDLY_RECURRENCE || frequency == ICAL_MINUTELY_RECURRENCE
                || frequency == ICAL_HOURLY_RECURRENCE) return 1;
        }
    }
    return 0;
}

static void refuse_impossible_zones(mr_expansion *state, icalcomponent *calendar) {
    icalcomponent *zone = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT);
    while (zone != NULL) {
        icalcomponent *next = icalcomponent_get_next_component(calendar, ICAL_VTIMEZONE_COMPONENT);
        if (repeats_within_a_day(zone)) {
            icalcomponent_remove_component(calendar, zone);
            icalcomponent_free(zone);
            state->result->refused_zones++;
        }
        zone = next;
    }
}

/* The worker's per-event timer: libical cannot be told to stop inside one iterator step, and
 * jumping out of it (as until issue 64) could leave the heap half-updated by an interrupted
 * malloc, so that a later allocation aborted the worker. The timer ends the worker instead
 * (`_exit` is safe in a signal handler); `guard->current` tells the caller which event it was,
 * and the next worker starts clean with that event in `guard->skipped`. */
static volatile sig_atomic_t timer_armed = 0;

static void on_alarm(int signal_number) {
    (void)signal_number;
    if (timer_armed) _exit(MR_SLOW_EVENT_EXIT);
}

static void set_timer(double seconds) {
    struct itimerval timer = {0};
    timer.it_value.tv_sec = (time_t)seconds;
    timer.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
    setitimer(ITIMER_REAL, &timer, NULL);
}

static void arm_alarm(void) {
    struct sigaction action = {0};
    action.sa_handler = on_alarm;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    /* The thread that forked may block signals (a dispatch queue's threads do). */
    sigset_t alarm_only;
    sigemptyset(&alarm_only);
    sigaddset(&alarm_only, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm_only, NULL);
}

static int is_skipped(const mr_guard *guard, size_t index) {
    for (size_t k = 0; k < guard->skipped_count; k++) {
        if (guard->skipped[k] == index) return 1;
    }
    return 0;
}

static void expand_all(mr_expansion *state, revision *events, size_t count, const mr_guard *guard) {
    if (guard) arm_alarm();
    for (size_t i = 0; i < count; i++) {
        if (guard && is_skipped(guard, i)) {
            state->result->slow_events++;
            continue;
        }
        if (guard) {
            *guard->current = i;
            timer_armed = 1;
            set_timer(state->limits->event_seconds);
        }
        mr_expand_event(state, events[i].event);
        if (guard) {
            timer_armed = 0;
            set_timer(0);
            *guard->current = MR_NO_EVENT;
        }
    }
}

static int fail(mr_ical_result *result, const char *message) {
    snprintf(result->error, sizeof(result->error), "%s", message);
    return 1;
}

int mr_ical_expand_document(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result,
                            const mr_guard *guard) {
    memset(result, 0, sizeof(*result));
    if (mr_ical_nesting_depth(data, length) > limits->max_depth) {
        snprintf(result->error, sizeof(result->error), "components nested deeper than %d levels", limits->max_depth);
        return 1;
    }
    icalerror_set_errors_are_fatal(0);
    char *text = malloc(length + 1);
    if (text == NULL) return fail(result, "out of memory");
    memcpy(text, data, length);
    text[length] = '\0';
    icalcomponent *root = icalparser_parse_string(text);
    free(text);
    if (root == NULL) return fail(result, "not an iCalendar document");
    icalcomponent_kind kind = icalcomponent_isa(root);
    if (kind != ICAL_VCALENDAR_COMPONENT && kind != ICAL_XROOT_COMPONENT) {
        icalcomponent_free(root);
        return fail(result, "no VCALENDAR in the document");
    }
    icaltimezone *fallback = icaltimezone_get_builtin_timezone(limits->fallback_zone);
    mr_expansion state = {.result = result, .limits = limits, .fallback = fallback ? fallback : icaltimezone_get_utc_timezone()};

    size_t calendar_count = 0;
    icalcomponent **calendars = NULL;
    if (kind == ICAL_VCALENDAR_COMPONENT) {
        calendars = malloc(sizeof(icalcomponent *));
        if (calendars != NULL) calendars[calendar_count++] = root;
    } else {
        size_t all = (size_t)icalcomponent_count_components(root, ICAL_VCALENDAR_COMPONENT);
        calendars = malloc((all ? all : 1) * sizeof(icalcomponent *));
        for (icalcomponent *calendar = icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT);
             calendars != NULL && calendar != NULL && calendar_count < all;
             calendar = icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)) {
            calendars[calendar_count++] = calendar;
        }
    }
    for (size_t c = 0; c < calendar_count; c++) refuse_impossible_zones(&state, calendars[c]);
    size_t count = 0;
    revision *events = latest_revisions(&state, calendars, calendar_count, &count);
    collect_overrides(&state, events, count);
    expand_all(&state, events, count, guard);
    free(events);
    free(calendars);
    free(state.overrides);
    icalcomponent_free(root);
    return 0;
}

int mr_ical_expand_here(const char *data, size_t length, const mr_ical_limits *limits, mr_ical_result *result) {
    return mr_ical_expand_document(data, length, limits, result, NULL);
}

void mr_ical_free(mr_ical_result *result) {
    for (size_t i = 0; i < result->count; i++) {
        mr_ical_occurrence *item = &result->items[i];
        free(item->uid);
        free(item->summary);
        free(item->description);
        free(item->location);
        free(item->url);
    }
    free(result->items);
    result->items = NULL;
    result->count = 0;
}
