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


COUNTRIES = {"Cologne": "de", "Paris": "fr", "Vienna": "at", "Roma": "it", "Kyiv": "ua", "Nairobi": "ke",
             "Melbourne": "au", "São Paulo": "br", "Trondheim": "no", "Bordeaux": "fr", "Niš": "rs", "Cairo": "eg",
             "Berlin": "de"}
# Each city's centre (latitude, longitude), where its past events' venues are placed: the map of the
# geography report draws them.
CENTRES = {"Cologne": (50.94, 6.96), "Paris": (48.86, 2.35), "Vienna": (48.21, 16.37), "Roma": (41.90, 12.50),
           "Kyiv": (50.45, 30.52), "Nairobi": (-1.29, 36.82), "Melbourne": (-37.81, 144.96),
           "São Paulo": (-23.55, -46.63), "Trondheim": (63.43, 10.40), "Bordeaux": (44.84, -0.58),
           "Niš": (43.32, 21.90), "Cairo": (30.04, 31.24), "Berlin": (52.52, 13.40)}
TOPICS = ["Intro to R and RStudio", "Data wrangling with dplyr", "ggplot2 workshop", "Shiny for beginners",
          "Text mining with tidytext", "Reproducible reports with R Markdown", "Statistics refresher",
          "Package development night", "Spatial data with sf", "Lightning talks", "Study group: R for Data Science",
          "Machine learning with tidymodels", "Hackathon", "Career panel", "Web scraping with rvest"]
BERLIN_TOPICS = ["Talks and pizza", "Hack night", "Lightning talks", "Workshop", "Study group", "Code review evening"]
# Events Meetup's network event scheduler posted in every chapter at once (one per group, a shared id).
NETWORK_EVENTS = [("9001", "International Women's Day datathon", "2025-03-08"),
                  ("9002", "R-Ladies global book club: Advanced R", "2024-10-15")]


def spread(count, first_year, last, seed):
    """`count` dates from `first_year` to the `last` event's date, deterministic."""
    end = int(last[:4]) * 12 + int(last[5:7]) - 1
    start = first_year * 12
    months = max(1, end - start)
    return [divmod(start + (i * months) // max(1, count - 1 if count > 1 else 1), 12) for i in range(count)]


def past_node(event_id, title, when, urlname, name, group_id, city, offset, going, online=False, network=None):
    venue = ({"id": "online", "name": "Online event", "address": "", "city": "", "state": "", "country": "",
              "lat": None, "lon": None, "venueType": "online"} if online else
             {"id": "v" + event_id, "name": "Community space", "address": "", "city": city, "state": "",
              "country": COUNTRIES.get(city, ""), "lat": CENTRES.get(city, (None, None))[0],
              "lon": CENTRES.get(city, (None, None))[1], "venueType": ""})
    return {"id": event_id, "title": title, "eventUrl": f"https://www.meetup.com/{urlname}/events/{event_id}/",
            "description": "", "status": "PAST", "eventType": "ONLINE" if online else "PHYSICAL",
            "createdTime": None, "dateTime": f"{when}T18:30:00{offset}", "endTime": None, "duration": "PT2H",
            "venues": [venue], "group": {"id": group_id, "name": name, "urlname": urlname, "timezone": None,
                                          "keyGroupPhoto": None},
            "featuredEventPhoto": None, "rsvps": {"totalCount": going},
            "networkEvent": {"id": network} if network else None}


def network_past_pages(page_size=200):
    """The network's past events, oldest first, in pages as `proNetwork.eventsSearch` answers them."""
    nodes = []
    for index, (urlname, name, city, members, offset, last, following, past, upcoming) in enumerate(CHAPTERS):
        if not last:
            continue
        group_id = str(20000000 + index * 104729)
        first_year = 2016 + index % 6
        for number, (year, month) in enumerate(spread(past, first_year, last, index)):
            event_id = str(250000000 + index * 1000 + number)
            when = f"{year:04d}-{month + 1:02d}-{10 + number % 15:02d}"
            nodes.append(past_node(event_id, TOPICS[(index + number) % len(TOPICS)], when, urlname, name,
                                   group_id, city, offset, 8 + (index * 7 + number * 3) % 40,
                                   online=number % 7 == 3))
        for network_id, title, when in NETWORK_EVENTS:
            if when[:4] >= str(first_year) and when <= last[:10]:
                nodes.append(past_node(f"26{network_id}{index:02d}", title, when, urlname, name, group_id, city,
                                       offset, 15 + index, online=True, network=network_id))
    nodes.sort(key=lambda node: (node["dateTime"][:10], node["id"]))
    pages = [nodes[i:i + page_size] for i in range(0, len(nodes), page_size)]
    documents = []
    for number, page in enumerate(pages, start=1):
        more = number < len(pages)
        documents.append({"data": {"proNetwork": {"eventsSearch": {
            "totalCount": len(nodes), "pageInfo": {"hasNextPage": more, "endCursor": f"p{number + 1}" if more else None},
            "edges": [{"node": node} for node in page]}}}})
    return documents


def groups_past_batch():
    """The Berlin groups' past events: one aliased batch, each group's first (and only) page."""
    data, errors = {}, []
    for index, (urlname, name, members, last) in enumerate(BERLIN_GROUPS):
        alias = f"g{index}"
        if name is None:
            data[alias] = None
            errors.append({"message": f"Group not found: {urlname}", "locations": [{"line": 2, "column": 3}],
                           "path": [alias]})
            continue
        group_id = str(30000000 + index * 7919)
        count = 0 if last is None else 12 + index * 5
        nodes = [past_node(str(240000000 + index * 1000 + n), BERLIN_TOPICS[(index + n) % len(BERLIN_TOPICS)],
                           f"{y:04d}-{m + 1:02d}-{8 + n % 18:02d}", urlname, name, group_id, "Berlin", "+01:00",
                           10 + (index * 11 + n * 5) % 70)
                 for n, (y, m) in enumerate(spread(count, 2018 + index % 3, last or "2026-01-01", index))]
        data[alias] = {"id": group_id, "name": name, "urlname": urlname, "city": "Berlin", "country": "de",
                       "events": {"pageInfo": {"hasNextPage": False, "endCursor": None},
                                  "edges": [{"node": node} for node in nodes]}}
    return {"data": data, "errors": errors}


backfill = snapshot.parent / "backfill"
for number, document in enumerate(network_past_pages(), start=1):
    write(backfill / f"rladies/page-{number:03d}.json", document)
write(backfill / "berlin-groups/page-001.json", groups_past_batch())
write(snapshot / "berlin-groups/page-001.json", groups_batch())
write(snapshot / "rladies/page-001.json", network_events())
write(snapshot / "rladies/groups-001.json", network_groups())
print("demo-groups-snapshot: wrote berlin-groups and rladies, and their past events in backfill/")
