#!/usr/bin/env python3
"""Regenerates Examples/demo/snapshot: the bundled demo's recorded API responses and photos.

The output is committed; run this only to change the demo (needs Pillow: pip install pillow).
The events are invented but shaped exactly like recorded gql-ext responses
(see Tests/MeetupReportTests/Fixtures/meetupr), including their messiness.
"""
import hashlib, io, json, os, random, shutil, sys
from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "demo", "snapshot")
random.seed(7)

def photo_url(n, ext="jpeg"):
    return f"https://secure.meetupstatic.com/photos/event/{n % 10}/{n % 7}/a/{n % 5}/highres_{n}.{ext}"

GROUPS = {
    "swift": ("Swift Berlin", "swift-berlin", photo_url(488026738)),
    "cocoa": ("CocoaHeads Berlin", "cocoaheads-berlin", photo_url(501100201)),
    "rust": ("Rust Berlin – Rustaceans 🦀", "rust-berlin", photo_url(502233445, "png")),
    "data": ("Data Science Berlin & Friends", "datascience-berlin", photo_url(499887766)),
    "pydata": ("PyData Berlin", "pydata-berlin", None),  # no group photo
    "ux": ("UX Ünited Berlin", "ux-united-berlin", photo_url(511122233)),  # photo missing from snapshot
    "ai": ("AI Builders (online)", "ai-builders-online", photo_url(523344556, "png")),
    "broken": ("Hardware Hackers Kreuzberg", "hardware-hackers", photo_url(534455667)),  # corrupt photo
    "tokyo": ("東京 Swift Meetup", "tokyo-swift", photo_url(545566778)),
}

VENUES = [
    {"id": "2001", "name": "Factory Berlin Görlitzer Park", "address": "Lohmühlenstraße 65", "city": "Berlin", "state": "", "country": "de", "lat": 52.4935, "lon": 13.4457, "venueType": ""},
    {"id": "2002", "name": "c-base", "address": "Rungestraße 20", "city": "Berlin", "state": "", "country": "de", "lat": 52.5129, "lon": 13.4203, "venueType": ""},
    {"id": "2003", "name": "Betahaus, ", "address": "Rudi-Dutschke-Str. 23", "city": "Berlin", "state": "", "country": "de", "lat": 52.5067, "lon": 13.3918, "venueType": ""},
    {"id": "2004", "name": "Mindspace Friedrichstraße", "address": "Friedrichstraße 68", "city": "Berlin", "state": "", "country": "de", "lat": 52.5106, "lon": 13.3890, "venueType": ""},
]
ONLINE = {"id": "26906060", "name": "Online event", "address": "", "city": "", "state": "", "postalCode": "", "country": "", "lat": -8.521147, "lon": 179.1962, "venueType": "online"}

TITLES = {
    "swift": ["Swift Concurrency in practice", "SwiftUI & accessibility night", "Server-side Swift on Linux", "Macros, explained",
              "Lightning talks: <b>bring your own</b> app", "Testing with Swift Testing"],
    "cocoa": ["CocoaHeads December: visionOS one year on", "Debugging memory graphs", "Core Data → SwiftData migration stories"],
    "rust": ["Rust & WebAssembly hack evening", "Async Rust: pinning without tears", "Embedded Rust on the RP2040", "Rust Berlin Weihnachtsfeier 🎄",
             "Unsafe Rust: when & why", "Error handling deep-dive"],
    "data": ["Feature stores in production", "Data Science Berlin: LLM evaluation", "Causal inference for product teams",
             "Statistics café ☕ — Bayes without fear", "Time series forecasting at scale"],
    "pydata": ["PyData Berlin #92: Polars vs pandas", "PyData Berlin #93: DuckDB everywhere", "Jupyter tips & tricks"],
    "ux": ["Design systems that scale", "UX research on a budget", "Accessible forms workshop"],
    "ai": ["Building agents with open models", "RAG pitfalls — live debugging", "Evaluating LLM apps", "Prompt engineering is dead? A debate",
           "Fine-tuning small models", "AI Builders: show & tell"],
    "broken": ["Soldering 101: your first kit", "Repair café: bring broken gadgets"],
    "tokyo": ["Swift 東京 #12 – 年末 LT 大会", "iOSDC 振り返り会"],
}

DESCRIPTIONS = [
    "Join us for talks, pizza and drinks!\n\n**Agenda**\n\n* 18:30 doors\n* 19:00 talks\n* 21:00 networking",
    "<p>We are <strong>excited</strong> to host this at our new space.</p><p>Please bring your ID &amp; a laptop.</p>",
    "Hands-on session. Bring a laptop with the toolchain installed: https://example.org/setup",
    "\u2601\ufe0f Vamos falar sobre dados\u2026\n\\-\\-\\-\\-\\-\\-\\-\\-\\-\\-\nNos siga nas redes sociais: @pydata",
    "Talk in English. Sprache: Englisch. Für alle offen — all levels welcome. [Slides](https://example.org/slides)",
    "",
]

def event_id():
    return str(random.randint(300_000_000, 319_999_999))

def node(group_key, title, when, venue, event_type="PHYSICAL", featured=None, rsvps=True, duration="PT2H"):
    name, urlname, group_photo = GROUPS[group_key]
    eid = event_id()
    group = {"id": str(int(hashlib.sha256(urlname.encode()).hexdigest(), 16) % 10**8), "name": name, "urlname": urlname, "timezone": "Europe/Berlin"}
    group["keyGroupPhoto"] = {"id": group_photo.rsplit("_", 1)[1].split(".")[0], "baseUrl": "https://secure-content.meetupstatic.com/images/classic-events/", "highResUrl": group_photo} if group_photo else None
    n = {
        "id": eid, "title": title, "eventUrl": f"https://www.meetup.com/{urlname}/events/{eid}/",
        "description": random.choice(DESCRIPTIONS), "status": "ACTIVE", "eventType": event_type,
        "createdTime": "2026-%02d-%02dT%02d:%02d:00+01:00" % (random.randint(9, 11), random.randint(1, 20), random.randint(8, 20), random.randint(0, 59)),
        "dateTime": when, "endTime": None, "duration": duration,
        "venues": venue, "group": group,
        "featuredEventPhoto": featured if featured is not None else {"baseUrl": "https://secure-content.meetupstatic.com/images/classic-events/"},
        "rsvps": {"totalCount": random.randint(3, 180)} if rsvps else None,
    }
    return n

def day(d, hour=19, minute=0, offset="+01:00", month=12, year=2026):
    return f"{year}-{month:02d}-{d:02d}T{hour:02d}:{minute:02d}:00{offset}"

def make_events(key, count, start_day, online=False, month=12):
    out = []
    for i in range(count):
        title = TITLES[key][i % len(TITLES[key])]
        d = start_day + i * 3
        m, y = month, 2026
        if d > 31:
            d -= 31; m = 1; y = 2027
        if online:
            venues = [ONLINE] if i % 3 else []
            etype = "ONLINE"
        elif i % 5 == 4:
            venues = None  # no venue yet
            etype = "PHYSICAL"
        else:
            venues = [VENUES[(i + len(key)) % len(VENUES)]]
            etype = "PHYSICAL"
        out.append(node(key, title, day(d, 18 + i % 3, 30 if i % 2 else 0, month=m, year=y), venues, etype, rsvps=(i % 6 != 5)))
    return out

def connection(edges, has_next, cursor):
    return {"data": {"eventSearch": {"totalCount": len(edges), "pageInfo": {"hasNextPage": has_next, "endCursor": cursor},
                                      "edges": [{"cursor": f"c{i}", "node": n} for i, n in enumerate(edges)]}}}

def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")

def main():
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    swift = make_events("swift", 6, 1) + make_events("cocoa", 3, 2) + make_events("tokyo", 2, 5)
    # The Tokyo meetup keeps its own offset: shown at 19:00 JST, grouped by the Berlin day.
    for n in swift[-2:]:
        n["dateTime"] = n["dateTime"][:-6] + "+09:00"
        n["venues"] = [{"id": "3001", "name": "渋谷ヒカリエ", "address": "", "city": "東京", "state": "", "country": "jp", "lat": 35.659, "lon": 139.703, "venueType": ""}]
    rust = make_events("rust", 8, 2) + make_events("broken", 2, 4)
    data = make_events("data", 7, 1) + make_events("pydata", 3, 6)
    ai = make_events("ai", 7, 3, online=True)
    ux = make_events("ux", 3, 8)
    # An event with a fee (offers in its page's JSON-LD) and one in person and online (hybrid).
    data[0]["feeSettings"] = {"amount": 12.5, "currency": "EUR", "required": True}
    rust[1]["eventType"] = "HYBRID"
    # Shared events: the same event found by several searches.
    data.append(ai[0]); data.append(ai[2])
    swift.append(rust[0])
    ai.append(data[1])

    write_json(f"{ROOT}/queries/swift-ios/page-001.json", connection(swift[:6], True, "c3dpZnQtcGFnZS0y"))
    write_json(f"{ROOT}/queries/swift-ios/page-002.json", connection(swift[6:], False, None))
    write_json(f"{ROOT}/queries/rust/page-001.json", connection(rust, False, "end"))
    write_json(f"{ROOT}/queries/data-science/page-001.json", connection(data[:6], True, "ZGF0YS0y"))
    write_json(f"{ROOT}/queries/data-science/page-002.json", connection(data[6:], False, None))
    write_json(f"{ROOT}/queries/ai-online/page-001.json", connection(ai, False, None))
    # The UX query comes from an archive in the retired REST v3 shape.
    v3 = []
    for i, n in enumerate(ux):
        name, urlname, photo = GROUPS["ux"]
        v3.append({
            "id": n["id"], "name": n["title"], "status": "upcoming", "local_date": n["dateTime"][:10], "local_time": n["dateTime"][11:16],
            "utc_offset": 3600000, "time": None, "duration": 7200000, "yes_rsvp_count": 10 + i, "link": n["eventUrl"],
            "description": "<p>Workshop &amp; discussion. <a href=\"javascript:alert(1)\">RSVP</a></p>",
            "venue": {"name": "Betahaus", "city": "Berlin", "lat": 52.5067, "lon": 13.3918} if i != 1 else None,
            "group": {"name": name, "urlname": urlname, "photo": {"highres_link": photo, "photo_link": photo}},
        })
        for k in [k for k, v in v3[-1].items() if v is None]:
            del v3[-1][k]
    write_json(f"{ROOT}/queries/ux-design.json", {"events": v3})

    # Photos: real JPEG and PNG files, small; one corrupt; the UX photo left out on purpose.
    index = {}
    palette = [(222, 84, 52), (52, 120, 246), (240, 170, 40), (40, 160, 120), (150, 80, 200), (30, 30, 30), (200, 40, 90)]
    for i, (key, (name, urlname, url)) in enumerate(sorted(GROUPS.items())):
        if url is None or key == "ux":
            continue
        fname = hashlib.sha256(url.encode()).hexdigest()
        path = f"{ROOT}/photos/{fname}"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if key == "broken":
            buf = io.BytesIO(); make_image(900, 600, palette[i % len(palette)]).save(buf, "JPEG", quality=80)
            open(path, "wb").write(buf.getvalue()[: len(buf.getvalue()) // 3])  # truncated JPEG
        elif url.endswith(".png"):
            size = (240, 160) if key == "ai" else (600, 600)  # the AI photo is smaller than a thumbnail: never upscaled
            make_image(*size, palette[i % len(palette)], alpha=True).save(path, "PNG", optimize=True)
        else:
            make_image(900, 600, palette[i % len(palette)]).save(path, "JPEG", quality=78, optimize=True)
        index[url] = fname
    write_json(f"{ROOT}/photos/index.json", dict(sorted(index.items())))

def make_image(w, h, color, alpha=False):
    mode = "RGBA" if alpha else "RGB"
    img = Image.new(mode, (w, h), color + ((255,) if alpha else ()))
    draw = ImageDraw.Draw(img)
    for k in range(12):
        r = random.randint(w // 12, w // 4)
        x, y = random.randint(0, w), random.randint(0, h)
        shade = tuple(min(255, c + random.randint(20, 90)) for c in color) + ((random.randint(90, 200),) if alpha else ())
        draw.ellipse([x - r, y - r, x + r, y + r], fill=shade)
    return img

if __name__ == "__main__":
    main()
