#!/usr/bin/env python3
"""Every link of a site leads somewhere: each href and src of every HTML page, and each link
and image of every Markdown page (`](<target>)`, as the tool writes them), that points inside
the site (relative, or under the site's base URL) names a file the site has (a folder: its
index.html). Links to other sites, webcal: and mailto: are not followed.

Usage: check_links.py SITE_DIR [BASE_URL]; exits non-zero naming each link that leads nowhere.
"""
import html.parser, os, re, sys, urllib.parse

site = os.path.abspath(sys.argv[1])
base = sys.argv[2] if len(sys.argv) > 2 else None


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.targets = []

    def handle_starttag(self, tag, attributes):
        for name, value in attributes:
            if name in ("href", "src") and value:
                self.targets.append(value)


broken, checked, pages = [], 0, 0
for folder, _, files in os.walk(site):
    for name in files:
        if not name.endswith((".html", ".md")):
            continue
        page = os.path.join(folder, name)
        pages += 1
        text = open(page, encoding="utf-8", errors="replace").read()
        if name.endswith(".md"):
            targets = re.findall(r"\]\(<([^>]+)>\)", text)
        else:
            parser = Links()
            parser.feed(text)
            targets = parser.targets
        for target in targets:
            if base and target.startswith(base):
                target = os.path.relpath(os.path.join(site, target[len(base):]), folder)
            parts = urllib.parse.urlsplit(target)
            if parts.scheme or parts.netloc or not parts.path:
                continue  # another site, webcal:, mailto:, data:, or a fragment of this page
            path = urllib.parse.unquote(parts.path)
            resolved = os.path.normpath(os.path.join(site if path.startswith("/") else folder, path.lstrip("/")))
            checked += 1
            if not resolved.startswith(site):
                broken.append(f"{os.path.relpath(page, site)}: {target} leaves the site")
            elif not (os.path.isfile(resolved) or os.path.isfile(os.path.join(resolved, "index.html"))):
                broken.append(f"{os.path.relpath(page, site)}: {target} leads nowhere")

for line in broken[:50]:
    print("check_links:", line)
print(f"check_links: {checked} links on {pages} pages of {site}, {len(broken)} lead nowhere")
sys.exit(1 if broken or pages == 0 else 0)
