#!/usr/bin/env python3
"""The site as a visitor's browser sees it (Chromium through Playwright, the site served on
127.0.0.1): axe-core on every page type in light and dark at 375 and 1280 px (no violation
allowed), every report printed to PDF on A4 and Letter, and the search: typing an event's title gives that event first, once, linking to
its anchor on a page that has it.

Usage: check_browser.py SITE_DIR [--search-samples N] [--search-only]; exits non-zero listing
every problem.
"""
import functools, http.server, json, os, socketserver, sys, threading

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

site = sys.argv[1]
samples = int(sys.argv[sys.argv.index("--search-samples") + 1]) if "--search-samples" in sys.argv else 5
problems, passed = [], 0

class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}/"
events = json.load(open(os.path.join(site, "events.json"), encoding="utf-8"))

def page_types():
    """One page of each kind the site has."""
    pages = ["index.html", "all.html", "404.html", "digest.html", "groups.html"]
    pages += [q["page"] for q in events["queries"][:1]]
    pages += sorted(f"all/{name}" for name in os.listdir(os.path.join(site, "all")) if name.endswith(".html"))[:1]
    # The record: the archive's index, its busiest year, and the group page with the most past events.
    archive = os.path.join(site, "archive")
    if os.path.isdir(archive):
        years = sorted(name for name in os.listdir(archive) if name[:4].isdigit() and name.endswith(".html"))
        pages += ["archive/index.html"] + sorted(
            (f"archive/{name}" for name in years), key=lambda p: -os.path.getsize(os.path.join(site, p)))[:1]
    # Every report but the years', and the latest year (the one under way) and the busiest.
    reports = os.path.join(site, "reports")
    if os.path.isdir(reports):
        names = sorted(n for n in os.listdir(reports) if n.endswith(".html"))
        years = [n for n in names if n[:4].isdigit()]
        pages += [f"reports/{n}" for n in names if not n[:4].isdigit()]
        pages += sorted({f"reports/{n}" for n in years[-1:] + sorted(
            years, key=lambda n: -os.path.getsize(os.path.join(reports, n)))[:1]})
    groups = os.path.join(site, "groups")
    if os.path.isdir(groups):
        pages += sorted((f"groups/{name}" for name in os.listdir(groups) if name.endswith(".html")),
                        key=lambda p: -os.path.getsize(os.path.join(site, p)))[:1]
    # Events' own pages: the largest upcoming one (its whole description) and the largest past one.
    listed = {e["page"] for e in events["events"]}
    own = os.path.join(site, "events")
    if os.path.isdir(own):
        by_size = sorted((f"events/{name}" for name in os.listdir(own) if name.endswith(".html")),
                         key=lambda p: -os.path.getsize(os.path.join(site, p)))
        pages += [p for p in by_size if p in listed][:1] + [p for p in by_size if p not in listed][:1]
    return [p for p in pages if os.path.exists(os.path.join(site, p))]

def check_print(browser):
    """Every report as Chromium prints it to PDF on A4 and on Letter: no navigation or search on
    paper, charts and tables kept whole, light on white in a dark scheme too, and a PDF with pages."""
    global passed
    reports = os.path.join(site, "reports")
    if not os.path.isdir(reports):
        return
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    for name in sorted(n for n in os.listdir(reports) if n.endswith(".html")):
        path = f"reports/{name}"
        page.goto(base + path)
        page.emulate_media(media="print")
        shown = page.evaluate("""() => [".site-nav", ".subscribe", ".search"].filter(s => {
            const e = document.querySelector(s); return e && getComputedStyle(e).display !== "none"; })""")
        split = page.evaluate("""() => [...document.querySelectorAll("svg.chart, .table table")]
            .filter(e => getComputedStyle(e).breakInside !== "avoid").length""")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        found = [f"shows {', '.join(shown)}"] if shown else []
        found += [f"{split} charts or tables may break across pages"] if split else []
        found += [f"prints on {background}, not white"] if background not in ("rgb(255, 255, 255)",) else []
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, print_background=True)
            pages = len(__import__("re").findall(rb"/Type\s*/Page[^s]", pdf))
            if not pdf.startswith(b"%PDF") or pages < 1:
                found.append(f"{paper}: no PDF pages ({len(pdf)} bytes)")
        page.emulate_media(media="screen")
        if found:
            problems.extend(f"print {path}: {text}" for text in found)
        else:
            passed += 1
    context.close()

# No sideways scroll; every chart fills its column (up to its own 480 px) and its 13 px type is
# drawn at 9 px or more.
LAYOUT = """() => {
  const bad = [];
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    bad.push("scrolls sideways: " + document.documentElement.scrollWidth + " px");
  for (const chart of document.querySelectorAll("svg.chart")) {
    const width = chart.getBoundingClientRect().width;
    const column = chart.parentElement.getBoundingClientRect().width;
    const title = (chart.querySelector("title") || {}).textContent || "a chart";
    if (width < Math.min(480, column) - 2) bad.push(`${title}: ${Math.round(width)} px in a ${Math.round(column)} px column`);
    if (width / 480 * 13 < 9) bad.push(`${title}: its type is ${(width / 480 * 13).toFixed(1)} px`);
  }
  return bad;
}"""

def check_accessibility(browser):
    global passed
    axe = Axe()
    for scheme in ("light", "dark"):
        for width in (375, 1280):
            context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
            page = context.new_page()
            for path in page_types():
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                problems.extend(f"layout {path} {scheme} {width}px: {text}" for text in page.evaluate(LAYOUT))
                result = axe.run(page)
                violations = result.response["violations"]
                if violations:
                    for v in violations:
                        targets = [n["target"] for n in v["nodes"][:3]]
                        problems.append(f"axe {path} {scheme} {width}px: {v['id']} ({len(v['nodes'])}): {v['help']} {targets}")
                else:
                    passed += 1
            context.close()

def check_search(browser):
    global passed
    titles = {}
    for event in events["events"]:
        titles.setdefault(event["title"], []).append(event)
    unique = [group[0] for title, group in sorted(titles.items()) if len(group) == 1 and len(title) > 8][:samples]
    if not unique:
        problems.append("search: no event with a unique title to look for")
    page = browser.new_page()
    page.goto(base + "index.html")
    for event in unique:
        page.fill("#search-input", "")
        page.fill("#search-input", event["title"])
        try:
            page.wait_for_function("t => [...document.querySelectorAll('.pagefind-ui__result-link')].some(a => a.textContent.trim() === t)",
                                   arg=event["title"].strip(), timeout=10000)
        except Exception:
            problems.append(f"search: “{event['title']}” found nothing")
            continue
        links = page.eval_on_selector_all(".pagefind-ui__result-link", "els => els.map(e => [e.textContent.trim(), e.href])")
        first_title, first_href = links[0]
        anchor = first_href.split("#")[-1]
        same = [href for _, href in links if href == first_href]
        if first_title != event["title"].strip() or len(same) != 1:
            problems.append(f"search: “{event['title']}” gave {links[:3]} first")
            continue
        target = first_href.split("#")[0][len(base):]
        text = open(os.path.join(site, target), encoding="utf-8").read() if os.path.isfile(os.path.join(site, target)) else ""
        # An event's own page (its h1 is the title), or an anchor on a list page.
        if "#" in first_href:
            if f'id="{anchor}"' not in text:
                problems.append(f"search: “{event['title']}” links to {target}#{anchor}, which is not there")
                continue
        elif target != event.get("page") or "<h1>" not in text:
            problems.append(f"search: “{event['title']}” links to {target}, not to the event's page {event.get('page')}")
            continue
        passed += 1

def check_search_as_a_file(browser):
    """Opened as a file (as people do), the search cannot load: the box says so, no orphan label."""
    global passed
    page = browser.new_page()
    page.goto("file://" + os.path.abspath(os.path.join(site, "index.html")))
    page.wait_for_load_state("load")
    try:
        page.wait_for_selector("#search .search-unavailable", timeout=5000)
    except Exception:
        problems.append("search as a file: no note that search needs the site served over http")
        page.close()
        return
    note = page.inner_text("#search .search-unavailable")
    if "meetup-report serve" not in note or page.query_selector("#search-label") is not None:
        problems.append(f"search as a file: {note!r}, and its label is still there")
    else:
        passed += 1
    page.close()

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
    if "--search-only" not in sys.argv:
        check_accessibility(browser)
        check_print(browser)
    if "--no-search" not in sys.argv:
        check_search(browser)
        check_search_as_a_file(browser)
    browser.close()
server.shutdown()
for text in problems:
    print("check_browser:", text)
print(f"check_browser: {passed} passed, {len(problems)} failed")
sys.exit(1 if problems else 0)
