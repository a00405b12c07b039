#!/usr/bin/env python3
"""Writes the demo's snapshot pages for its `groups` and `network` queries, in the shapes
of the recorded live answers (../shared/fixtures/meetupr/: group-events-*.json for a
group's events, pro-events-3.json for proNetwork.eventsSearch, group-search-1.json for the
R-Ladies chapters' names, cities and member counts) and, where no recording covers a
shape (aliased batches with `past`, groupsSearch edges with `metadata`), of the live
schema (gql-ext-introspection.json). Deterministic: run it again and nothing changes.

    Scripts/demo-groups-snapshot.py
"""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent
snapshot = root / "Examples/demo/snapshot/queries"


def write(path, document):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def demo_events_by_group():
    """The demo's keyword-search events, by group urlname: a group's own events are the same events."""
    events = {}
    for page in sorted(snapshot.glob("*/page-*.json")):
        document = json.loads(page.read_text(encoding="utf-8"))
        search = (document.get("data") or {}).get("eventSearch")
        if not search:
            continue
        for edge in search["edges"]:
            node = edge["node"]
            events.setdefault(node["group"]["urlname"], {})[node["id"]] = node
    return {urlname: sorted(nodes.values(), key=lambda n: n["dateTime"]) for urlname, nodes in events.items()}


# urlname, name, members, latest past event (None: never had one)
BERLIN_GROUPS = [
    ("swift-berlin", "Swift Berlin", 2140, "2026-11-05T19:00:00+01:00"),
    ("cocoaheads-berlin", "CocoaHeads Berlin", 1312, "2026-10-14T19:00:00+02:00"),
    ("rust-berlin", "Rust Berlin – Rustaceans 🦀", 3870, "2026-11-04T18:30:00+01:00"),
    ("pydata-berlin", "PyData Berlin", 6120, "2026-10-28T18:30:00+01:00"),
    ("hardware-hackers", "Hardware Hackers Kreuzberg", 415, "2026-05-30T14:00:00+02:00"),
    ("berlin-haskell-users", "Berlin Haskell Users", 880, "2026-03-10T19:00:00+01:00"),
    ("berlin-elm-meetup", "Elm Berlin", 96, None),
    ("berlin-perl-mongers", None, None, None),  # renamed or closed: Meetup answers null
]


def groups_batch():
    by_group = demo_events_by_group()
    data, errors = {}, []
    for index, (urlname, name, members, last) in enumerate(BERLIN_GROUPS):
        alias = f"g{index}"
        if name is None:
            data[alias] = None
            errors.append({"message": f"Group not found: {urlname}", "locations": [{"line": 2, "column": 3}], "path": [alias]})
            continue
        nodes = by_group.get(urlname, [])
        data[alias] = {
            "id": str(30000000 + index * 7919), "name": name, "urlname": urlname,
            "city": "Berlin", "link": f"https://www.meetup.com/{urlname}/",
            "stats": {"memberCounts": {"all": members}},
            "past": {"edges": [{"node": {"dateTime": last}}] if last else []},
            "events": {"totalCount": len(nodes), "pageInfo": {"hasNextPage": False, "endCursor": None},
                       "edges": [{"node": node} for node in nodes]},
        }
    return {"data": data, "errors": errors}


# From group-search-1.json: urlname, name, city, members, timezone offset in December,
# then the analytics: last event, next event (None: none), past, upcoming.
CHAPTERS = [
    ("rladies-cologne", "R-Ladies Cologne", "Cologne", 361, "+01:00", "2026-10-21T18:30:00+02:00", "2026-12-03T18:30:00+01:00", 24, 1),
    ("rladies-paris", "R-Ladies Paris", "Paris", 1142, "+01:00", "2026-11-12T19:00:00+01:00", "2026-12-09T19:00:00+01:00", 71, 2),
    ("rladies-vienna", "R-Ladies Vienna", "Vienna", 508, "+01:00", "2026-09-24T18:00:00+02:00", "2026-12-10T18:00:00+01:00", 33, 1),
    ("rladies-rome", "R-Ladies Rome", "Roma", 1870, "+01:00", "2026-11-18T18:30:00+01:00", "2027-01-14T18:30:00+01:00", 41, 1),
    ("rladies-kyiv", "R-Ladies Kyiv", "Kyiv", 339, "+02:00", "2026-07-02T18:00:00+03:00", "2026-12-05T17:00:00+02:00", 19, 1),
    ("rladies-nairobi", "R-Ladies Nairobi", "Nairobi", 1843, "+03:00", "2026-11-07T10:00:00+03:00", "2026-12-12T10:00:00+03:00", 58, 1),
    ("rladies-melbourne", "R-Ladies Melbourne", "Melbourne", 2674, "+11:00", "2026-11-10T18:00:00+11:00", "2026-12-02T18:00:00+11:00", 96, 1),
    ("rladies-sao-paulo", "R-Ladies São Paulo", "São Paulo", 1820, "-03:00", "2026-10-31T14:00:00-03:00", "2027-01-20T19:00:00-03:00", 63, 1),
    ("rladies-trondheim", "R-Ladies Trondheim", "Trondheim", 58, "+01:00", "2026-05-20T17:00:00+02:00", None, 6, 0),
    ("rladies-bordeaux", "R-Ladies Bordeaux", "Bordeaux", 37, "+01:00", "2025-10-02T18:30:00+02:00", None, 4, 0),
    ("rladies-nis", "R-Ladies Niš", "Niš", 33, "+01:00", "2024-06-15T11:00:00+02:00", None, 3, 0),
    ("rladies-cairo", "R-Ladies Cairo", "Cairo", 11, "+02:00", None, None, 0, 0),
]

TALKS = {
    "rladies-cologne": ("Tidy data in practice: reshaping survey results with tidyr",
                        "Our December meetup is a hands-on evening with **tidyr**.\n\n"
                        "* 18:30 doors and snacks\n* 19:00 talk: pivoting survey data\n* 20:00 pair exercises\n\n"
                        "Bring a laptop with R and the tidyverse installed. Slides from last time: https://rladies.org/"),
    "rladies-paris": ("Quarto pour les rapports reproductibles",
                      "Atelier en français : de R Markdown à **Quarto**.\n\n1. Un document, trois formats\n2. Les paramètres\n"
                      "3. Publier sur GitHub Pages\n\nOuvert à toutes et à tous, débutantes bienvenues."),
    "rladies-vienna": ("Mapping Vienna's public transport with sf",
                       "A walk through spatial data in R with the **sf** package, using Wiener Linien open data.\n\n"
                       "We finish with a small Shiny app. Registration closes the day before."),
    "rladies-rome": ("Serate R: machine learning with tidymodels",
                     "Talk and Q&A about **tidymodels** for classification, with a worked example on open Italian data.\n\n"
                     "Drinks afterwards at the venue."),
    "rladies-kyiv": ("Online: package development for beginners",
                     "An online session on writing your first R package with **usethis** and **devtools**.\n\n"
                     "* creating the skeleton\n* documenting with roxygen2\n* testing with testthat"),
    "rladies-nairobi": ("Data visualisation clinic",
                        "Bring your ggplot2 charts and get feedback from the community.\n\n"
                        "We will cover colour palettes, accessible charts and annotation."),
    "rladies-melbourne": ("End-of-year lightning talks",
                          "Five-minute talks from members on what they built with R this year, then our end-of-year picnic.\n\n"
                          "Want to give a talk? Reply in the comments."),
    "rladies-sao-paulo": ("Encontro: R e Python juntos com reticulate",
                          "Como usar **reticulate** para combinar R e Python no mesmo projeto.\n\n"
                          "Transmissão ao vivo para quem não puder vir."),
}

VENUES = {
    "rladies-cologne": ("Startplatz", "Cologne", 50.9484, 6.9346),
    "rladies-paris": ("Le Wagon Paris", "Paris", 48.8649, 2.3800),
    "rladies-vienna": ("Sektor5", "Vienna", 48.1836, 16.3526),
    "rladies-rome": ("Talent Garden Ostiense", "Roma", 41.8581, 12.4801),
    "rladies-nairobi": ("iHub", "Nairobi", -1.2893, 36.7826),
    "rladies-melbourne": ("State Library Victoria", "Melbourne", -37.8098, 144.9652),
    "rladies-sao-paulo": ("Cubo Itaú", "São Paulo", -23.5990, -46.6870),
}


def network_events():
    edges = []
    for index, (urlname, name, city, members, offset, last, following, past, upcoming) in enumerate(CHAPTERS):
        if urlname not in TALKS:
            continue
        title, description = TALKS[urlname]
        event_id = str(313000101 + index * 37)
        venue = VENUES.get(urlname)
        edges.append({"node": {
            "id": event_id, "title": title, "eventUrl": f"https://www.meetup.com/{urlname}/events/{event_id}/",
            "description": description, "status": "ACTIVE", "eventType": "PHYSICAL" if venue else "ONLINE",
            "createdTime": "2026-11-02T10:00:00+01:00", "dateTime": following, "endTime": None, "duration": "PT2H",
            "venues": [{"id": str(4000 + index), "name": venue[0], "address": "", "city": venue[1], "state": "",
                        "country": "", "lat": venue[2], "lon": venue[3], "venueType": ""}] if venue else
                      [{"id": "online", "name": "Online event", "address": "", "city": "", "state": "", "country": "",
                        "lat": None, "lon": None, "venueType": "online"}],
            "group": {"id": str(20000000 + index * 104729), "name": name, "urlname": urlname, "timezone": None, "keyGroupPhoto": None},
            "featuredEventPhoto": None, "rsvps": {"totalCount": 12 + index * 5},
        }})
    edges.sort(key=lambda edge: edge["node"]["dateTime"])
    return {"data": {"proNetwork": {"eventsSearch": {
        "totalCount": len(edges), "pageInfo": {"hasNextPage": False, "endCursor": None}, "edges": edges}}}}


def network_groups():
    edges = []
    for index, (urlname, name, city, members, offset, last, following, past, upcoming) in enumerate(CHAPTERS):
        edges.append({"cursor": f"c{index}", "node": {
            "id": str(20000000 + index * 104729), "name": name, "urlname": urlname, "city": city,
            "link": f"https://www.meetup.com/{urlname}/"},
            "metadata": {"lastEventDate": last, "nextEventDate": following, "totalMembers": members,
                         "totalPastEvents": past, "totalUpcomingEvents": upcoming}})
    return {"data": {"proNetwork": {"groupsSearch": {
        "totalCount": len(edges), "pageInfo": {"hasNextPage": False, "endCursor": f"c{len(edges) - 1}"}, "edges": edges}}}}


write(snapshot / "berlin-groups/page-001.json", groups_batch())
write(snapshot / "rladies/page-001.json", network_events())
write(snapshot / "rladies/groups-001.json", network_groups())
print("demo-groups-snapshot: wrote berlin-groups and rladies")
