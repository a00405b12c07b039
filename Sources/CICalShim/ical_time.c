#include "ical_internal.h"

/* libical reads "20261345T250000" as month 13, day 45, hour 25 and would roll it into 2027:
 * a date that is not on the calendar is no date. */
static int is_real_time(struct icaltimetype time) {
    if (time.month < 1 || time.month > 12 || time.day < 1 || time.day > icaltime_days_in_month(time.month, time.year))
        return 0;
    if (time.is_date) return 1;
    return time.hour >= 0 && time.hour < 24 && time.minute >= 0 && time.minute < 60 && time.second >= 0
        && time.second <= 60;
}

/* A property's zone: UTC, the calendar's VTIMEZONE, else a known zone name, else the fallback
 * (floating times and DATE values are the site's). */
icaltimezone *mr_zone_of(icalproperty *property, struct icaltimetype time, icalcomponent *event, mr_expansion *state) {
    if (icaltime_is_utc(time)) return icaltimezone_get_utc_timezone();
    if (time.zone != NULL) return (icaltimezone *)time.zone;
    icalparameter *tzid = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER);
    const char *name = tzid ? icalparameter_get_tzid(tzid) : NULL;
    if (name == NULL) return state->fallback;
    icalcomponent *calendar = icalcomponent_get_parent(event);
    icaltimezone *own = calendar ? icalcomponent_get_timezone(calendar, name) : NULL;
    if (own != NULL) return own;
    icaltimezone *builtin = icaltimezone_get_builtin_timezone(name);
    if (builtin == NULL) state->result->unknown_zones++;
    return builtin ? builtin : state->fallback;
}

struct icaltimetype mr_zoned_time(icalproperty *property, icalcomponent *event, mr_expansion *state,
                                  icaltimezone **zone) {
    struct icaltimetype time = icalproperty_get_datetime_with_component(property, event);
    *zone = NULL;
    if (icaltime_is_null_time(time) || !icaltime_is_valid_time(time) || !is_real_time(time)) return icaltime_null_time();
    *zone = mr_zone_of(property, time, event, state);
    return time;
}

static struct icaltimetype midnight(struct icaltimetype time) {
    if (time.is_date) {
        time.is_date = 0;
        time.hour = time.minute = time.second = 0;
    }
    return time;
}

int64_t mr_utc_seconds(struct icaltimetype time, icaltimezone *zone) {
    return (int64_t)icaltime_as_timet_with_zone(midnight(time), zone);
}

int32_t mr_offset_at(struct icaltimetype time, icaltimezone *zone) {
    int is_daylight = 0;
    struct icaltimetype local = midnight(time);
    return (int32_t)icaltimezone_get_utc_offset(zone, &local, &is_daylight);
}

/* Days between two dates, counted on the calendar (UTC has no daylight saving). */
static int days_between(struct icaltimetype from, struct icaltimetype to) {
    from.is_date = to.is_date = 0;
    from.hour = from.minute = from.second = to.hour = to.minute = to.second = 0;
    icaltimezone *utc = icaltimezone_get_utc_timezone();
    int64_t seconds = (int64_t)icaltime_as_timet_with_zone(to, utc) - (int64_t)icaltime_as_timet_with_zone(from, utc);
    return (int)(seconds / 86400);
}

/* DTEND, else DURATION, else a day for DATE values, else no length. */
mr_span mr_event_span(icalcomponent *event, mr_expansion *state, struct icaltimetype dtstart, int64_t start) {
    mr_span span = {.all_day = dtstart.is_date, .days = 1, .seconds = 0};
    icalproperty *end_property = icalcomponent_get_first_property(event, ICAL_DTEND_PROPERTY);
    icalproperty *duration = icalcomponent_get_first_property(event, ICAL_DURATION_PROPERTY);
    icaltimezone *zone = NULL;
    struct icaltimetype end = end_property ? mr_zoned_time(end_property, event, state, &zone) : icaltime_null_time();
    if (span.all_day) {
        if (!icaltime_is_null_time(end)) span.days = days_between(dtstart, end);
        else if (duration != NULL) {
            struct icaldurationtype length = icalproperty_get_duration(duration);
            span.days = length.is_neg ? 0 : (int)(length.weeks * 7 + length.days);
        }
        if (span.days < 1) span.days = 1;
        return span;
    }
    if (!icaltime_is_null_time(end)) {
        int64_t seconds = mr_utc_seconds(end, end.is_date ? state->fallback : zone) - start;
        if (seconds >= 0) span.seconds = seconds;
    } else if (duration != NULL) {
        int seconds = icaldurationtype_as_int(icalproperty_get_duration(duration));
        if (seconds >= 0) span.seconds = seconds;
    }
    return span;
}

void mr_occurrence_end(mr_span span, struct icaltimetype local, icaltimezone *zone, int64_t start, int64_t *end,
                       int32_t *end_offset) {
    if (!span.all_day) {
        *end = start + span.seconds;
        *end_offset = mr_offset_at(icaltime_from_timet_with_zone((time_t)*end, 0, zone), zone);
        return;
    }
    struct icaltimetype last = local;
    last.is_date = 1;
    icaltime_adjust(&last, span.days, 0, 0, 0);
    *end = mr_utc_seconds(last, zone);
    *end_offset = mr_offset_at(last, zone);
}
