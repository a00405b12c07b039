#!/usr/bin/env python3
"""Writes a W1-sized site's inputs into a folder: a snapshot of 20 keyword searches
(3 pages of 50 events each, 1,000 distinct events, each found by 3 searches) whose events
carry realistic Markdown descriptions of 0.5-2 KB (paragraphs, a list, links, now and then
a heading), a 200-occurrence iCalendar feed (weekly series with EXDATEs, overrides,
all-day days, a VTIMEZONE), and a config that follows it all with curation rules on.
Seeded: the same folder every time. No photos (the pages use the placeholder).

Usage: make-w1-site.py FOLDER [--no-curation]
"""
import json, os, random, sys

folder = sys.argv[1]
curation = "--no-curation" not in sys.argv
random.seed(2026)
WORDS = ("community talk workshop swift rust data design open source beginners advanced pizza venue doors "
         "speaker lightning networking sponsor laptop hands-on practice production scaling testing cloud "
         "kubernetes privacy accessibility mentoring career hiring demo questions").split()
GROUPS = [(f"Group {n:02d} Berlin", f"group-{n:02d}-berlin") for n in range(60)]
KEYWORDS = ["swift", "rust", "python", "data", "ai", "ux", "devops", "cloud", "security", "go",
            "java", "kotlin", "web", "react", "mobile", "ml", "startup", "product", "design", "hardware"]

def sentence(n):
    words = [random.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."

def description(index):
    parts = [" ".join(sentence(random.randint(8, 16)) for _ in range(random.randint(2, 4)))]
    if index % 4 == 0:
        parts.append("## Agenda")
    parts.append("\n".join(f"* {18 + i}:{random.choice(['00', '30'])} {sentence(random.randint(3, 7))}" for i in range(random.randint(3, 5))))
    parts.append(f"Slides and code: [the repository](https://example.org/{index}/slides) and "
                 f"[last time's recording](https://video.example.org/watch?v={index}).")
    while sum(len(p) for p in parts) < random.randint(500, 2000):
        parts.append(" ".join(sentence(random.randint(8, 16)) for _ in range(3)))
    return "\n\n".join(parts)

def event(index):
    name, urlname = GROUPS[index % len(GROUPS)]
    online = index % 9 == 0
    day, hour = 1 + index % 28, 17 + index % 4
    far = index % 50 == 7
    venue = {"id": "1", "name": "Online event", "city": "", "lat": -8.52, "lon": 179.19, "venueType": "online"} if online else {
        "id": str(index % 40), "name": f"Venue {index % 40}", "city": "Potsdam" if far else "Berlin",
        "lat": 52.39 if far else 52.50 + (index % 10) / 200, "lon": 13.06 if far else 13.38 + (index % 7) / 100, "venueType": ""}
    title = f"{random.choice(['Intro to', 'Deep dive:', 'Hack night:', 'Talks:'])} {sentence(random.randint(2, 5))[:-1]}"
    if index % 97 == 0:
        title += " bootcamp"
    return {"id": str(400_000_000 + index), "title": title, "eventUrl": f"https://www.meetup.com/{urlname}/events/{400_000_000 + index}/",
            "description": description(index), "status": "ACTIVE", "eventType": "ONLINE" if online else "PHYSICAL",
            "dateTime": f"2026-12-{day:02d}T{hour}:00:00+01:00", "duration": "PT2H", "venues": [venue],
            "group": {"id": str(index % 60), "name": name, "urlname": urlname, "keyGroupPhoto": None},
            "featuredEventPhoto": None, "rsvps": {"totalCount": index % 40}}

events = [event(i) for i in range(1000)]
os.makedirs(os.path.join(folder, "snapshot", "queries"), exist_ok=True)
queries = []
for q, keyword in enumerate(KEYWORDS):
    chosen = [events[(q * 50 + i) % 1000] for i in range(150)]
    target = os.path.join(folder, "snapshot", "queries", keyword)
    os.makedirs(target, exist_ok=True)
    for page in range(3):
        nodes = chosen[page * 50:(page + 1) * 50]
        body = {"data": {"eventSearch": {"totalCount": 150, "pageInfo": {"hasNextPage": page < 2, "endCursor": f"c{page + 1}" if page < 2 else None},
                                         "edges": [{"cursor": "c", "node": n} for n in nodes]}}}
        json.dump(body, open(os.path.join(target, f"page-{page + 1:03d}.json"), "w"))
    query = {"id": keyword, "title": keyword.capitalize(), "keyword": keyword, "lat": 52.52, "lon": 13.405, "radiusMiles": 25, "daysAhead": 60}
    if curation and q == 0:
        query["curation"] = {"maxDistanceMiles": 10, "excludeGroups": ["group-07-berlin"]}
    queries.append(query)

lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//meetup-report//w1//EN",
         "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
         "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
         "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "DTSTART:19700329T020000",
         "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE"]
for series in range(25):
    day = 23 + series % 7
    lines += ["BEGIN:VEVENT", f"UID:series-{series}@w1", f"DTSTART;TZID=Europe/Berlin:202611{day:02d}T{17 + series % 4}0000",
              f"DTEND;TZID=Europe/Berlin:202611{day:02d}T{19 + series % 4}0000", "RRULE:FREQ=WEEKLY;COUNT=12",
              f"EXDATE;TZID=Europe/Berlin:202612{(day + 28) % 31 or 1:02d}T{17 + series % 4}0000",
              f"SUMMARY:Series {series}: {sentence(4)[:-1]}", f"DESCRIPTION:{sentence(20)}", "LOCATION:Campus hall " + str(series),
              "END:VEVENT"]
for day in range(1, 20):
    lines += ["BEGIN:VEVENT", f"UID:allday-{day}@w1", f"DTSTART;VALUE=DATE:202612{day:02d}", f"DTEND;VALUE=DATE:202612{day + 1:02d}",
              f"SUMMARY:Open lab day {day}", "END:VEVENT"]
lines.append("END:VCALENDAR")
open(os.path.join(folder, "campus.ics"), "w").write("\r\n".join(lines) + "\r\n")

config = {"title": "W1 Berlin", "baseURL": "https://w1.example.org/", "timeZone": "Europe/Berlin",
          "source": {"type": "snapshot", "directory": "snapshot"}, "output": "Output", "cache": "cache",
          "queries": queries, "calendars": [{"id": "campus", "title": "Campus events", "file": "campus.ics", "daysAhead": 60}]}
if curation:
    config["curation"] = {"excludeWords": ["bootcamp", "crypto trading", "sponsor pitch", "hiring event", "café"],
                          "minRSVPs": 2, "pinned": [str(400_000_000 + 5), str(400_000_000 + 11)],
                          "notes": {str(400_000_000 + 5): "Our own meetup: **come early** for [the workshop](https://example.org/w)."}}
json.dump(config, open(os.path.join(folder, "config.json"), "w"), indent=1)
print(f"{folder}: 20 queries, 1000 events, a calendar feed; curation {'on' if curation else 'off'}")
