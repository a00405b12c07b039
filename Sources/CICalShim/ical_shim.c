#include "CICalShim.h"

#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* libical's recurrence API works on structs by value and C callbacks; this file keeps
 * every libical object and its memory in one place and hands Swift a flat array. */

typedef struct {
    const char *uid;
    int64_t recurrence;
} override_key;

typedef struct {
    mr_ical_result *result;
    size_t capacity;
    size_t max_occurrences;
    size_t max_iterations;
    int64_t window_start;
    int64_t window_end;
    icaltimezone *fallback;
    override_key *overrides;
    size_t override_count;
} expansion;

static char *copy_text(const char *text) {
    if (text == NULL || text[0] == '\0') return NULL;
    return strdup(text);
}

/* Deepest BEGIN: nesting, counted on the raw lines before libical parses anything. */
static int nesting_depth(const char *data, size_t length) {
    int depth = 0, deepest = 0;
    size_t index = 0;
    while (index < length) {
        const char *line = data + index;
        size_t rest = length - index;
        if (rest >= 6 && strncasecmp(line, "BEGIN:", 6) == 0) {
            if (++depth > deepest) deepest = depth;
        } else if (rest >= 4 && strncasecmp(line, "END:", 4) == 0) {
            if (depth > 0) depth--;
        }
        const char *newline = memchr(line, '\n', rest);
        if (newline == NULL) break;
        index = (size_t)(newline - data) + 1;
    }
    return deepest;
}

/* libical reads "20261345T250000" as month 13, day 45, hour 25 and would roll it into 2027:
 * a date that is not on the calendar is no date. */
static int is_real_time(struct icaltimetype time) {
    if (time.month < 1 || time.month > 12 || time.day < 1 || time.day > icaltime_days_in_month(time.month, time.year)) return 0;
    if (time.is_date) return 1;
    return time.hour >= 0 && time.hour < 24 && time.minute >= 0 && time.minute < 60 && time.second >= 0 && time.second <= 60;
}

/* A property's time with its zone: the calendar's VTIMEZONE, else a known zone name, else
 * the fallback (floating times and DATE values are the site's). */
static struct icaltimetype zoned_time(icalproperty *property, icalcomponent *event, expansion *state, icaltimezone **zone) {
    struct icaltimetype time = icalproperty_get_datetime_with_component(property, event);
    *zone = NULL;
    if (icaltime_is_null_time(time) || !icaltime_is_valid_time(time) || !is_real_time(time)) return icaltime_null_time();
    if (icaltime_is_utc(time)) {
        *zone = icaltimezone_get_utc_timezone();
    } else if (time.zone != NULL) {
        *zone = (icaltimezone *)time.zone;
    } else {
        icalparameter *tzid = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER);
        const char *name = tzid ? icalparameter_get_tzid(tzid) : NULL;
        icaltimezone *builtin = name ? icaltimezone_get_builtin_timezone(name) : NULL;
        if (name != NULL && builtin == NULL) state->result->unknown_zones++;
        *zone = builtin ? builtin : state->fallback;
    }
    return time;
}

static int64_t utc_seconds(struct icaltimetype time, icaltimezone *zone) {
    if (time.is_date) {
        time.is_date = 0;
        time.hour = time.minute = time.second = 0;
    }
    return (int64_t)icaltime_as_timet_with_zone(time, zone);
}

static int is_overridden(expansion *state, const char *uid, int64_t recurrence) {
    if (uid == NULL) return 0;
    for (size_t i = 0; i < state->override_count; i++) {
        if (state->overrides[i].recurrence == recurrence && strcmp(state->overrides[i].uid, uid) == 0) return 1;
    }
    return 0;
}

static int append(expansion *state, icalcomponent *event, int64_t start, int64_t duration, int32_t offset,
                  int all_day, int64_t recurrence) {
    mr_ical_result *result = state->result;
    if (start >= state->window_end || start + duration <= state->window_start) return 1;
    if (result->count >= state->max_occurrences) {
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
    mr_ical_occurrence *item = &result->items[result->count++];
    memset(item, 0, sizeof(*item));
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
    item->start = start;
    item->end = start + duration;
    item->utc_offset = offset;
    item->all_day = all_day;
    item->recurrence = recurrence;
    return 1;
}

/* How long an occurrence lasts: DTEND, else DURATION, else a day for DATE values, else 0. */
static int64_t event_duration(icalcomponent *event, expansion *state, int64_t start, int all_day) {
    icalproperty *end_property = icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY);
    if (end_property != NULL) {
        icaltimezone *zone = NULL;
        struct icaltimetype end = zoned_time(end_property, event, state, &zone);
        if (!icaltime_is_null_time(end)) {
            int64_t seconds = utc_seconds(end, zone) - start;
            if (seconds >= 0) return seconds;
        }
    }
    icalproperty *duration = icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY);
    if (duration != NULL) {
        int seconds = icaldurationtype_as_int(icalproperty_get_duration(duration));
        if (seconds >= 0) return seconds;
    }
    return all_day ? 86400 : 0;
}

static int32_t offset_at(struct icaltimetype time, icaltimezone *zone) {
    int is_daylight = 0;
    return (int32_t)icaltimezone_get_utc_offset(zone, &time, &is_daylight);
}

/* One VEVENT: its single occurrence, or each of its RRULE's in the window. */
static void expand_event(expansion *state, icalcomponent *event) {
    if (icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED) return;
    icalproperty *start_property = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY);
    icaltimezone *zone = NULL;
    struct icaltimetype dtstart = start_property ? zoned_time(start_property, event, state, &zone) : icaltime_null_time();
    if (icaltime_is_null_time(dtstart)) {
        state->result->skipped_events++;
        return;
    }
    int all_day = dtstart.is_date;
    icaltimezone *shown_zone = all_day ? state->fallback : zone;
    int64_t start = utc_seconds(dtstart, shown_zone);
    int64_t duration = event_duration(event, state, start, all_day);
    const char *uid = icalcomponent_get_uid(event);

    icalproperty *recurrence_id = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
    icalproperty *rrule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY);
    if (recurrence_id != NULL || rrule == NULL) {
        int64_t recurrence = start;
        if (recurrence_id != NULL) {
            icaltimezone *rid_zone = NULL;
            struct icaltimetype rid = zoned_time(recurrence_id, event, state, &rid_zone);
            if (!icaltime_is_null_time(rid)) recurrence = utc_seconds(rid, rid.is_date ? state->fallback : rid_zone);
        }
        append(state, event, start, duration, offset_at(dtstart, shown_zone), all_day, recurrence);
        return;
    }

    struct icalrecurrencetype rule = icalproperty_get_rrule(rrule);
    icalrecur_iterator *iterator = icalrecur_iterator_new(rule, dtstart);
    if (iterator == NULL) {
        state->result->skipped_events++;
        return;
    }
    /* Jump close to the window when the rule allows it (not with COUNT, which counts from DTSTART). */
    if (rule.count == 0 && start + duration < state->window_start) {
        struct icaltimetype from = icaltime_from_timet_with_zone((time_t)(state->window_start - duration), all_day, shown_zone);
        icalrecur_iterator_set_start(iterator, from);
    }
    size_t iterations = 0;
    for (struct icaltimetype next = icalrecur_iterator_next(iterator); !icaltime_is_null_time(next);
         next = icalrecur_iterator_next(iterator)) {
        if (++iterations > state->max_iterations) {
            state->result->capped_events++;
            break;
        }
        int64_t occurrence = utc_seconds(next, shown_zone);
        if (occurrence >= state->window_end) break;
        if (icalproperty_recurrence_is_excluded(event, &dtstart, &next)) continue;
        if (is_overridden(state, uid, occurrence)) continue;
        if (!append(state, event, occurrence, duration, offset_at(next, shown_zone), all_day, occurrence)) break;
    }
    icalrecur_iterator_free(iterator);
}

/* RECURRENCE-ID overrides of every calendar, collected before the masters are expanded. */
static void collect_overrides(expansion *state, icalcomponent *calendar) {
    for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event != NULL;
         event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        icalproperty *recurrence_id = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
        const char *uid = icalcomponent_get_uid(event);
        if (recurrence_id == NULL || uid == NULL) continue;
        icaltimezone *zone = NULL;
        struct icaltimetype rid = zoned_time(recurrence_id, event, state, &zone);
        if (icaltime_is_null_time(rid)) continue;
        override_key *grown = realloc(state->overrides, (state->override_count + 1) * sizeof(override_key));
        if (grown == NULL) return;
        state->overrides = grown;
        state->overrides[state->override_count].uid = uid;
        state->overrides[state->override_count].recurrence = utc_seconds(rid, rid.is_date ? state->fallback : zone);
        state->override_count++;
    }
}

int mr_ical_expand(const char *data, size_t length, int64_t window_start, int64_t window_end,
                   const char *fallback_zone, size_t max_occurrences, size_t max_iterations,
                   int max_depth, mr_ical_result *result) {
    memset(result, 0, sizeof(*result));
    if (nesting_depth(data, length) > max_depth) {
        snprintf(result->error, sizeof(result->error), "components nested deeper than %d levels", max_depth);
        return 1;
    }
    icalerror_set_errors_are_fatal(0);
    char *text = malloc(length + 1);
    if (text == NULL) {
        snprintf(result->error, sizeof(result->error), "out of memory");
        return 1;
    }
    memcpy(text, data, length);
    text[length] = '\0';
    icalcomponent *root = icalparser_parse_string(text);
    free(text);
    if (root == NULL) {
        snprintf(result->error, sizeof(result->error), "not an iCalendar document");
        return 1;
    }
    icalcomponent_kind kind = icalcomponent_isa(root);
    if (kind != ICAL_VCALENDAR_COMPONENT && kind != ICAL_XROOT_COMPONENT) {
        icalcomponent_free(root);
        snprintf(result->error, sizeof(result->error), "no VCALENDAR in the document");
        return 1;
    }
    icaltimezone *fallback = icaltimezone_get_builtin_timezone(fallback_zone);
    expansion state = {
        .result = result, .max_occurrences = max_occurrences, .max_iterations = max_iterations,
        .window_start = window_start, .window_end = window_end,
        .fallback = fallback ? fallback : icaltimezone_get_utc_timezone(),
    };
    icalcomponent *calendars[1] = { root };
    int single = kind == ICAL_VCALENDAR_COMPONENT;
    for (int pass = 0; pass < 2; pass++) {
        icalcomponent *calendar = single ? calendars[0] : icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT);
        while (calendar != NULL) {
            if (pass == 0) {
                collect_overrides(&state, calendar);
            } else {
                for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event != NULL;
                     event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
                    expand_event(&state, event);
                }
            }
            calendar = single ? NULL : icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT);
        }
    }
    free(state.overrides);
    icalcomponent_free(root);
    return 0;
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
