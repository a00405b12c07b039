#!/usr/bin/env python3
"""Recurrence expansion checked against a second implementation: every calendar a config
merges (the file ones) is expanded with Python's icalendar + recurring-ical-events over the
run's window, and the occurrences must be exactly the events the site lists for that
calendar (events.json), by start instant. An event that is also on Meetup keeps its start.

Usage: check_recurrence.py CONFIG SITE_DIR NOW(ISO 8601, UTC); exits non-zero on a mismatch.
"""
import datetime, json, os, sys

import icalendar
import recurring_ical_events

config_path, site, now_text = sys.argv[1:4]
config = json.load(open(config_path, encoding="utf-8"))
now = datetime.datetime.fromisoformat(now_text.replace("Z", "+00:00"))
zone = __import__("zoneinfo").ZoneInfo(config.get("timeZone", "UTC"))
events = json.load(open(os.path.join(site, "events.json"), encoding="utf-8"))
problems, compared = [], 0

def instant(value):
    """A DATE is midnight in the site's zone (as the tool reads all-day events), a floating time too."""
    if not isinstance(value, datetime.datetime):
        value = datetime.datetime.combine(value, datetime.time(), zone)
    elif value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(datetime.timezone.utc)

for calendar in config.get("calendars", []):
    if "file" not in calendar:
        continue
    path = os.path.join(os.path.dirname(config_path), calendar["file"])
    parsed = icalendar.Calendar.from_ical(open(path, "rb").read())
    end = now + datetime.timedelta(days=calendar.get("daysAhead", 30))
    expected = sorted(
        instant(occurrence["DTSTART"].dt) for occurrence in recurring_ical_events.of(parsed).between(now, end)
        if str(occurrence.get("STATUS", "")).upper() != "CANCELLED" and instant(occurrence["DTSTART"].dt) >= now)
    listed = [e for e in events["events"] if calendar["id"] in e["queries"]]
    actual = sorted(datetime.datetime.fromisoformat(e["start"]).astimezone(datetime.timezone.utc) for e in listed)
    compared += len(expected)
    if expected != actual:
        problems.append(f"{calendar['id']}: recurring-ical-events expands {[str(t) for t in expected]}, "
                        f"the site lists {[str(t) for t in actual]}")
    if not expected:
        problems.append(f"{calendar['id']}: no occurrence in the window: nothing was compared")

for text in problems:
    print("check_recurrence:", text)
print(f"check_recurrence: {compared} occurrences compared, {len(problems)} problems")
sys.exit(1 if problems else 0)
