#!/usr/bin/env python3
"""Regenerates Examples/hostile: a snapshot whose event data attacks every output format.

Titles, group names, venues and descriptions carry HTML, <script>, javascript: URLs,
Markdown that would inject links or raw HTML, ampersands, quotes, emoji, control
characters, iCalendar and XML specials, and a very long title. The check-site script
renders it and validates the result with external tools; the Swift tests use it too.
"""
import json, os, shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "hostile")
LONG = "A very long title that goes on " + "and on " * 60 + "until the end 🎉"

TITLES = [
    "<script>alert('pwned')</script> Night",
    "Tom & Jerry's \"Quoted\" Meetup; with, commas\\ and backslash",
    "[Click me](javascript:alert(1)) and ![img](https://evil.example/x.png)",
    "<img src=x onerror=alert(1)> **bold** _em_ `code` # not a heading",
    "Emoji party 🎉👩‍💻🇩🇪 and ünïcödé ✓",
    "Control\u0007char\u0001acters\u000band\ttabs",
    "]]> </title> <![CDATA[ & END:VEVENT\nBEGIN:VEVENT",
    LONG,
]

def node(i, title):
    return {
        "id": f"9000{i}", "title": title, "eventUrl": "javascript:alert(document.cookie)" if i == 2 else f"https://www.meetup.com/hostile/events/9000{i}/?a=1&b=\"2\"",
        "description": "<p onclick=\"evil()\">Hi</p><script>steal()</script> & [x](javascript:y) \\*not bold\\*\nEND:VCALENDAR",
        "status": "ACTIVE", "eventType": "PHYSICAL", "createdTime": "2026-11-0%dT10:00:00+01:00" % (i + 1),
        "dateTime": "2026-12-%02dT19:00:00+01:00" % (i + 1), "duration": "PT2H",
        "venues": [{"id": "1", "name": "<b>Venue</b> & \"Bar\"; Café, Berlin", "city": "Berlin <i>DE</i>", "lat": 52.5, "lon": 13.4, "venueType": ""}],
        "group": {"id": "1", "name": "Group <script>x</script> & 'Co'", "urlname": "hostile",
                  "keyGroupPhoto": {"id": "1", "highResUrl": "file:///etc/passwd"}},
        "featuredEventPhoto": {"id": "2", "highResUrl": "data:image/png;base64,AAAA"},
        "rsvps": {"totalCount": i},
    }

def main():
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    os.makedirs(f"{ROOT}/snapshot/queries/hostile")
    os.makedirs(f"{ROOT}/snapshot/photos")
    page = {"data": {"eventSearch": {"totalCount": len(TITLES), "pageInfo": {"hasNextPage": False, "endCursor": None},
                                      "edges": [{"node": node(i, t)} for i, t in enumerate(TITLES)]}}}
    with open(f"{ROOT}/snapshot/queries/hostile/page-001.json", "w", encoding="utf-8") as f:
        json.dump(page, f, ensure_ascii=False, indent=1)
    with open(f"{ROOT}/snapshot/photos/index.json", "w") as f:
        f.write("{}\n")
    config = {
        "title": "Hostile <Data> & \"Friends\"",
        "baseURL": "https://example.org/hostile/",
        "timeZone": "Europe/Berlin",
        "source": {"type": "snapshot", "directory": "snapshot"},
        "output": "../../.cache/hostile-site",
        "cache": "../../.cache/hostile",
        "queries": [{"id": "hostile", "title": "<script>Q</script> & Co", "keyword": "\"><script>", "lat": 52.5, "lon": 13.4}],
    }
    with open(f"{ROOT}/config.json", "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")

if __name__ == "__main__":
    main()
