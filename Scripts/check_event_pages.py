#!/usr/bin/env python3
"""Every event page of the given sites, read by extruct (PyPI) as search engines and chat
apps read them: one schema.org Event in JSON-LD with what Google's event documentation
requires (name, startDate, location) and recommends (endDate, eventStatus,
eventAttendanceMode, image, description, organizer, offers), Open Graph and Twitter card
tags, no event text out of its <script> block, and each page under 300 KB.

usage: check_event_pages.py SITE... (a site is a published output folder)
"""
import datetime
import html.parser
import json
import pathlib
import re
import sys

import extruct

STATUSES = {f"https://schema.org/{name}" for name in
            ("EventScheduled", "EventCancelled", "EventMovedOnline", "EventRescheduled", "EventPostponed")}
MODES = {f"https://schema.org/{name}" for name in
         ("OfflineEventAttendanceMode", "OnlineEventAttendanceMode", "MixedEventAttendanceMode")}
problems = []


def problem(page, text):
    problems.append(f"{page}: {text}")


def when(text):
    """An ISO 8601 date-time with its offset (or a whole day's date)."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return datetime.datetime.fromisoformat(text + "T00:00:00+00:00")
    value = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError("no offset")
    return value


class Heading(html.parser.HTMLParser):
    """The page's <h1> text and its <script> elements, as a browser tokenises them."""

    def __init__(self):
        super().__init__()
        self.h1, self.inside, self.scripts = "", False, []

    def handle_starttag(self, tag, attrs):
        if tag == "h1":
            self.inside = True
        if tag == "script":
            self.scripts.append(dict(attrs).get("type", ""))

    def handle_endtag(self, tag):
        if tag == "h1":
            self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.h1 += data


def location_ok(page, location):
    for place in location if isinstance(location, list) else [location]:
        if isinstance(place, str):
            # schema.org's Text location: a place not announced yet, said so, not made up.
            if not place.strip():
                problem(page, "an empty text location")
            continue
        kind = place.get("@type")
        if kind == "VirtualLocation":
            if not str(place.get("url", "")).startswith("https://"):
                problem(page, "a VirtualLocation without an https url")
        elif kind == "Place":
            address = place.get("address")
            if not place.get("name"):
                problem(page, "a Place without a name")
            if isinstance(address, dict) and address.get("@type") != "PostalAddress":
                problem(page, "a Place's address is not a PostalAddress")
            # Google requires an address for an in-person event: an empty PostalAddress is none (issue 61).
            if not address or (isinstance(address, dict) and len([k for k in address if k != "@type"]) == 0):
                problem(page, "a Place without an address")
            geo = place.get("geo")
            if geo is not None and not (-90 <= geo["latitude"] <= 90 and -180 <= geo["longitude"] <= 180):
                problem(page, "GeoCoordinates out of range")
        else:
            problem(page, f"location of type {kind!r}")


def check_event(page, event, heading, past):
    for key in ("name", "startDate", "location", "eventStatus", "eventAttendanceMode", "url", "organizer"):
        if key not in event:
            problem(page, f"JSON-LD Event without {key}")
    if event.get("name") != " ".join(heading.split()):
        problem(page, f"JSON-LD name {event.get('name')!r} is not the page's title {heading!r}")
    try:
        start = when(event["startDate"])
        if "endDate" in event and when(event["endDate"]) < start:
            problem(page, "endDate before startDate")
        if "previousStartDate" in event:
            when(event["previousStartDate"])
    except (KeyError, ValueError) as error:
        problem(page, f"a date without its offset or unreadable: {error}")
    if event.get("eventStatus") not in STATUSES:
        problem(page, f"eventStatus {event.get('eventStatus')!r}")
    if event.get("eventAttendanceMode") not in MODES:
        problem(page, f"eventAttendanceMode {event.get('eventAttendanceMode')!r}")
    if "location" in event:
        location_ok(page, event["location"])
    organizer = event.get("organizer", {})
    if organizer and (organizer.get("@type") != "Organization" or not organizer.get("name")):
        problem(page, "organizer is not an Organization with a name")
    for image in event.get("image", []):
        if not image.startswith(("https://", "http://")):
            problem(page, f"image {image!r} is not absolute")
    if "offers" in event:
        offer = event["offers"]
        if offer.get("@type") != "Offer" or not isinstance(offer.get("price"), (int, float)) \
                or not re.fullmatch(r"[A-Z]{3}", offer.get("priceCurrency", "")):
            problem(page, f"offers {offer!r}")
    if not past and "description" in event and not event["description"].strip():
        problem(page, "an empty description")


def check_page(site, path, counts):
    raw = path.read_bytes()
    page = f"{site.name}/{path.relative_to(site)}"
    if len(raw) >= 300_000:
        problem(page, f"{len(raw)} bytes (the limit is 300 KB)")
    text = raw.decode("utf-8")
    parsed = Heading()
    parsed.feed(text)
    if parsed.scripts.count("application/ld+json") != 1:
        problem(page, f"{parsed.scripts.count('application/ld+json')} JSON-LD blocks")
    # The block's text as the browser delimits it: up to the first "</script" after it.
    block = re.search(r'<script type="application/ld\+json">(.*?)</script', text, re.S)
    if block is None or "<" in block.group(1):
        problem(page, "the JSON-LD block holds '<': event text could close it")
        return
    json.loads(block.group(1))
    data = extruct.extract(text, base_url="https://example.org/", syntaxes=["json-ld", "opengraph"],
                           uniform=True)
    events = [item for item in data["json-ld"] if item.get("@type") == "Event"]
    if len(events) != 1:
        problem(page, f"{len(events)} schema.org Events in its JSON-LD")
        return
    event = events[0]
    past = "Went:" in text or event.get("eventStatus") == "https://schema.org/EventCancelled"
    check_event(page, event, parsed.h1, past)
    counts["events"] += 1
    counts["offers"] += "offers" in event
    counts[event.get("eventAttendanceMode", "").rsplit("/", 1)[-1]] += 1
    og = {key: value for item in data["opengraph"] for key, value in item.items()}
    for key in ("og:title", "og:description", "og:url", "og:image"):
        if not og.get(key):
            problem(page, f"no {key}")
    if not og.get("og:url", "").endswith("/" + str(path.relative_to(site))):
        problem(page, f"og:url {og.get('og:url')!r} is not the page")
    if not og.get("og:image", "").startswith(("https://", "http://")):
        problem(page, "og:image is not absolute")
    if 'name="twitter:card"' not in text:
        problem(page, "no twitter:card")


def main(sites):
    for site in map(pathlib.Path, sites):
        counts = {"events": 0, "offers": 0, "OfflineEventAttendanceMode": 0, "OnlineEventAttendanceMode": 0,
                  "MixedEventAttendanceMode": 0, "": 0}
        pages = sorted((site / "events").glob("*.html"))
        listed = json.loads((site / "events.json").read_text(encoding="utf-8"))
        for event in listed["events"]:
            if not (site / f"{event['page']}").is_file():
                problem(site.name, f"events.json's {event['id']} has no page at {event['page']}")
        for path in pages:
            check_page(site, path, counts)
        index = (site / "index.html").read_text(encoding="utf-8")
        if listed["events"] and 'href="events/' not in index:
            problem(site.name, "the index links to no event page")
        print(f"check-event-pages: {site.name}: {counts['events']} pages, {counts['offers']} with offers, "
              f"{counts['OfflineEventAttendanceMode']} in person, {counts['OnlineEventAttendanceMode']} online, "
              f"{counts['MixedEventAttendanceMode']} mixed")
        if counts["events"] == 0:
            problem(site.name, "no event page")
        # The demo holds each kind: a fee, in person, online, in person and online.
        if site.name == "demo" and not all(counts[key] for key in (
                "offers", "OfflineEventAttendanceMode", "OnlineEventAttendanceMode", "MixedEventAttendanceMode")):
            problem(site.name, f"the demo lacks a kind of event page: {counts}")
    for line in problems[:40]:
        print("check-event-pages:", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
