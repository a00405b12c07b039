#!/usr/bin/env python3
"""Checks a generated site with parsers no one here wrote: Python's html.parser,
feedparser (Atom) and icalendar (RFC 5545), against the site's own events.json.

Usage: check_site.py SITE_DIR [SITE_DIR ...]; exits non-zero listing every problem.
"""
import datetime as _datetime, glob, json, os, sys
from html.parser import HTMLParser

import feedparser
import icalendar

problems = []
checked_files = set()

def problem(site, text):
    problems.append(f"{site}: {text}")

class PageScan(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts, self.bad_links, self.images, self.bad_images, self.alternates = 0, [], 0, [], []
        self.meta, self.canonical = {}, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        pagefind = tag == "script" and (a.get("src", "").endswith("pagefind/pagefind-ui.js") or "data-search-init" in a)
        # An event page's JSON-LD is data, never run (check_event_pages.py reads it).
        data = tag == "script" and a.get("type") == "application/ld+json" and not a.get("src")
        if (tag == "script" and not pagefind and not data) or any(k.startswith("on") for k in a):
            self.scripts += 1
        if tag == "a" and a.get("href", "").split(":")[0].lower() in ("javascript", "data", "vbscript", "file"):
            self.bad_links.append(a["href"])
        if tag == "img":
            self.images += 1
            # Every image sized and described (alt="" for a card's photo beside its title); only
            # the first three of a page (above the fold) load at once.
            if not all(a.get(k) for k in ("width", "height", "src")) or a.get("alt") is None \
                    or (a.get("loading") != "lazy" and self.images > 3):
                self.bad_images.append(a)
            if not a.get("src", "").split("/")[-1].endswith((".jpg", ".svg")):
                self.bad_images.append(a)
        if tag == "link" and a.get("rel") == "alternate":
            self.alternates.append(a.get("type"))
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical = a.get("href")
        if tag == "meta" and (a.get("property") or a.get("name")):
            self.meta[a.get("property") or a.get("name")] = a.get("content", "")

def check(site):
    with open(os.path.join(site, "events.json"), encoding="utf-8") as f:
        data = json.load(f)
    titles = {e["id"]: e["title"] for e in data["events"]}
    all_day = {e["id"] for e in data["events"] if e.get("allDay")}
    expected = {"": sorted(titles)} | {q["page"][: -len(".html")]: sorted(q["eventIds"]) for q in data["queries"]}
    if data.get("schemaVersion") != 2:
        problem(site, "events.json schemaVersion is not 2")
    if "generatedAt" in data or (data["events"] and "updatedAt" not in data):
        problem(site, "events.json says the run's moment, or not when its events last changed")

    if not os.path.isfile(os.path.join(site, "404.html")) or not os.path.isfile(os.path.join(site, "assets", "favicon.svg")):
        problem(site, "no 404.html or no favicon")
    for page in glob.glob(os.path.join(site, "**", "*.html"), recursive=True):
        checked_files.add(page)
        scan = PageScan()
        with open(page, encoding="utf-8") as f:
            scan.feed(f.read())
        if scan.scripts:
            problem(site, f"{page}: {scan.scripts} script tags or on* attributes")
        if scan.bad_links:
            problem(site, f"{page}: unsafe links {scan.bad_links}")
        if scan.bad_images:
            problem(site, f"{page}: images without width/height/alt/lazy or with a foreign src: {scan.bad_images[:2]}")
        if "application/atom+xml" not in scan.alternates:
            problem(site, f"{page}: no <link rel=alternate> to an Atom feed")
        base = data["site"]["baseURL"]
        for key in ("description", "og:title", "og:description", "og:url", "og:image", "og:type", "twitter:card"):
            if not scan.meta.get(key):
                problem(site, f"{page}: no {key}")
        if not scan.meta.get("og:image", "").startswith(base) or not (scan.canonical or "").startswith(base):
            problem(site, f"{page}: og:image {scan.meta.get('og:image')!r} or canonical {scan.canonical!r} is not absolute under {base}")

    for stem, ids in expected.items():
        feed_path = os.path.join(site, (stem or "feed") + ".atom")
        checked_files.update([feed_path, ics_path := os.path.join(site, (stem or "calendar") + ".ics")])
        feed = feedparser.parse(feed_path)
        if feed.bozo:
            problem(site, f"{feed_path}: not a well-formed feed: {feed.bozo_exception}")
        # Entry ids are urn:meetup-report:event:<event id>; a calendar's event ids hold a colon.
        entry_ids = sorted(e.id.removeprefix("urn:meetup-report:event:") for e in feed.entries)
        if entry_ids != ids:
            problem(site, f"{feed_path}: entries {len(entry_ids)} do not match events.json {len(ids)}")
        for entry in feed.entries:
            event_id = entry.id.removeprefix("urn:meetup-report:event:")
            if entry.title != titles.get(event_id):
                problem(site, f"{feed_path}: title of {event_id} reads {entry.title!r}, expected {titles.get(event_id)!r}")
            if not entry.get("updated_parsed"):
                problem(site, f"{feed_path}: entry {event_id} has no valid updated")
            for link in entry.get("links", []):
                if not link["href"].startswith(("http://", "https://")):
                    problem(site, f"{feed_path}: entry {event_id} links to {link['href']!r}")

        raw = open(ics_path, "rb").read()
        for number, line in enumerate(raw.split(b"\r\n"), 1):
            if len(line) > 75:
                problem(site, f"{ics_path}:{number}: line of {len(line)} octets (limit 75)")
            if b"\n" in line or b"\r" in line:
                problem(site, f"{ics_path}:{number}: bare line break")
        calendar = icalendar.Calendar.from_ical(raw)
        events = calendar.walk("VEVENT")
        uids = [str(e.get("uid")) for e in events]
        if len(set(uids)) != len(uids):
            problem(site, f"{ics_path}: duplicate UIDs")
        if sorted(u.split("-", 1)[1].split("@")[0] for u in uids) != ids:
            problem(site, f"{ics_path}: VEVENTs do not match events.json")
        for event in events:
            event_id = str(event.get("uid")).split("-", 1)[1].split("@")[0]
            for field in ("dtstamp", "dtstart", "summary"):
                if event.get(field) is None:
                    problem(site, f"{ics_path}: {event_id} has no {field.upper()}")
            if str(event.get("summary")) != titles.get(event_id):
                problem(site, f"{ics_path}: SUMMARY of {event_id} reads {str(event.get('summary'))!r}")
            start = event.get("dtstart").dt
            if event_id in all_day:
                # A whole-day event is a DATE, its DTEND the day after its last (RFC 5545 3.6.1).
                if isinstance(start, _datetime.datetime) or event.get("dtend") is None or event.get("dtend").dt <= start:
                    problem(site, f"{ics_path}: all-day {event_id} is not DATE to DATE")
            elif not isinstance(start, _datetime.datetime) or start.tzinfo is None:
                problem(site, f"{ics_path}: {event_id} DTSTART has no time zone")
            url = event.get("url")
            if url is not None and not str(url).startswith(("http://", "https://")):
                problem(site, f"{ics_path}: {event_id} URL {url!r}")

    # The index's cards link to the events' own pages: every one must exist.
    import re
    index_html = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    cards = re.findall(r'href="(events/[^"#]+\.html)"', index_html)
    pages = {e["page"] for e in data["events"]}
    if not cards:
        problem(site, "index.html has no event cards")
    for target in cards:
        if target not in pages or not os.path.isfile(os.path.join(site, target)):
            problem(site, f"index.html links to {target}, which is not an event's page")

    # Each event's own calendar file and Google Calendar link.
    from urllib.parse import urlparse, parse_qs
    from datetime import datetime, timezone
    for event in data["events"]:
        ics_file = os.path.join(site, event["calendar"])
        checked_files.add(ics_file)
        single = icalendar.Calendar.from_ical(open(ics_file, "rb").read()).walk("VEVENT")
        if len(single) != 1 or str(single[0].get("uid")) != f"meetup-{event['id']}@meetup-report" or str(single[0].get("summary")) != event["title"]:
            problem(site, f"{ics_file}: not one VEVENT with the event's UID and title")
            continue
        query = parse_qs(urlparse(event["googleCalendar"]).query)
        start = datetime.fromisoformat(event["start"]).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        if event.get("allDay"):
            start = event["start"][:10].replace("-", "")
        if query.get("text") != [event["title"]] or not query.get("dates", [""])[0].startswith(start + "/"):
            problem(site, f"Google Calendar link of {event['id']} reads {query.get('text')} {query.get('dates')}")
        if query.get("action") != ["TEMPLATE"] or urlparse(event["googleCalendar"]).netloc != "calendar.google.com":
            problem(site, f"Google Calendar link of {event['id']} is not a template link")

    # The search index: one record per event (never a page of the site), each naming its
    # event, linking to the event's own page, with its date, group and
    # query/month filters (Pagefind's fragments are gzipped JSON: read directly, no Node).
    import gzip
    fragments = glob.glob(os.path.join(site, "pagefind", "**", "fragment", "*.pf_fragment"), recursive=True)
    if not fragments:
        problem(site, "no Pagefind index (pip install pagefind-bin)")
    else:
        everything = [json.loads(gzip.open(path).read()[len(b"pagefind_dcd"):]) for path in fragments]
        # The record's past events are in the search too, each once, marked past, leading to
        # the archive page that lists it.
        past = [r for r in everything if r.get("filters", {}).get("when") == ["Past"]]
        records = [r for r in everything if r not in past]
        archive_file = os.path.join(site, "archive.json")
        if os.path.exists(archive_file):
            archive = json.load(open(archive_file, encoding="utf-8"))
            entries = {e.get("networkEvent") and "network:" + e["networkEvent"] or e["id"]
                       for e in archive["events"] if e["past"]}
            if len(past) != len(entries):
                problem(site, f"search: {len(past)} past records for {len(entries)} past events of the record")
        elif past:
            problem(site, "search: past records without an archive.json")
        import html as html_module
        for record in past:
            meta = record.get("meta", {})
            page_path = os.path.join(site, meta.get("path", "-"))
            if not meta.get("date", "").endswith("(past)") or not os.path.exists(page_path) \
                    or html_module.escape(meta.get("title", ""), quote=False).replace("\"", "&quot;") not in open(page_path, encoding="utf-8").read():
                problem(site, f"search: the past record of {meta.get('title')!r} does not lead to its page: {meta}")
        if sorted(r["meta"].get("title") for r in records) != sorted(titles.values()):
            problem(site, f"search: {len(records)} records for {len(titles)} events, or their titles differ")
        query_titles = {q["title"] for q in data["queries"]}
        for record in records:
            meta, filters = record.get("meta", {}), record.get("filters", {})
            target = meta.get("path", "")
            if target not in pages or not os.path.isfile(os.path.join(site, target)):
                problem(site, f"search: the record of {meta.get('title')!r} links to {target!r}, not to an event's page")
            if not meta.get("date") or not filters.get("month") or not set(filters.get("query", [])) <= query_titles or not filters.get("query"):
                problem(site, f"search: the record of {meta.get('title')!r} lacks its date or filters: {meta} {filters}")

    # The digest feed: one entry a night, each with the digest as HTML content.
    digest_feed = os.path.join(site, "digest.atom")
    checked_files.add(digest_feed)
    feed = feedparser.parse(digest_feed)
    if feed.bozo:
        problem(site, f"{digest_feed}: not a well-formed feed: {feed.bozo_exception}")
    if not feed.entries:
        problem(site, f"{digest_feed}: no entry")
    for entry in feed.entries:
        if not entry.id.startswith("urn:meetup-report:digest:") or not entry.get("updated_parsed"):
            problem(site, f"{digest_feed}: entry {entry.id!r} lacks a digest id or a valid date")
        if not entry.get("content") or entry.content[0].type != "text/html" or "<h1>" not in entry.content[0].value:
            problem(site, f"{digest_feed}: entry {entry.id!r} does not carry the digest as HTML")

    # The groups report: groups.json agrees with itself, with the page and with the config's
    # queries that follow groups; the page is in the sitemap and linked from the index.
    follows = [q for q in data["queries"] if q.get("kind") in ("groups", "network")]
    groups_json = os.path.join(site, "groups.json")
    if follows != [] or os.path.exists(groups_json):
        checked_files.add(groups_json)
        report = json.load(open(groups_json, encoding="utf-8"))
        every = [g for q in report["queries"] for g in q["groups"]]
        if [q["id"] for q in report["queries"]] != [q["id"] for q in follows]:
            problem(site, "groups.json: its queries are not the config's groups and network queries")
        distinct = {g["urlname"].lower() for g in every}
        quiet = {g["urlname"].lower() for g in every if g["needsAttention"]}
        if report["groupCount"] != len(distinct) or report["attentionCount"] != len(quiet):
            problem(site, "groups.json: the counts do not add up")
        for query in report["queries"]:
            flags = [g["needsAttention"] for g in query["groups"]]
            if flags != sorted(flags, reverse=True):
                problem(site, f"groups.json: {query['id']}: a group needing attention comes after an active one")
            for group in query["groups"]:
                days = group["daysSinceLastEvent"]
                # A group with an event scheduled is not quiet, however long ago its last one was.
                quiet = not group["found"] or (group.get("nextEventAt") is None
                                               and (days is None or days >= query["inactiveAfterDays"]))
                if quiet != group["needsAttention"]:
                    problem(site, f"groups.json: {group['urlname']}: needsAttention disagrees with its {days} days")
        groups_md = open(os.path.join(site, "groups.md"), encoding="utf-8").read()
        if f"**{report['groupCount']} groups, {report['attentionCount']} with no event" not in groups_md:
            problem(site, "groups.md: its counts are not groups.json's")
        if 'href="groups.html"' not in index_html or "groups.html" not in open(os.path.join(site, "sitemap.xml"), encoding="utf-8").read():
            problem(site, "groups.html is not linked from the index or listed in the sitemap")

    sitemap = open(os.path.join(site, "sitemap.xml"), encoding="utf-8").read()
    if data["site"]["baseURL"] not in sitemap:
        problem(site, "sitemap.xml does not use the base URL")

for site in sys.argv[1:]:
    check(site)
for line in problems:
    print(line)
failed_files = {f for f in checked_files if any(f in p for p in problems)}
print(f"check_site: {len(checked_files) - len(failed_files)} passed, {len(failed_files) + (1 if problems and not failed_files else 0)} failed")
sys.exit(1 if problems else 0)
