#!/usr/bin/env python3
"""The search of a site in several languages (Chromium through Playwright, the site served on
127.0.0.1): typed into on a page of each language, Pagefind answers in that language's words
and every result leads to a page of that language's folder.

Usage: check_search_languages.py SITE_DIR LANGUAGE...; exits non-zero listing every problem.
"""
import functools, http.server, socketserver, sys, threading

from playwright.sync_api import sync_playwright

site, languages = sys.argv[1], sys.argv[2:]
problems = []


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}/"
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    for language in languages:
        page = browser.new_page()
        page.goto(f"{base}{language}/index.html")
        page.fill("#search input", "Rust")
        page.wait_for_selector(".pagefind-ui__result-link", timeout=20000)
        links = page.eval_on_selector_all(".pagefind-ui__result-link", "all => all.map(a => a.getAttribute('href'))")
        message = page.inner_text(".pagefind-ui__message")
        if not links or not all(f"/{language}/events/" in link for link in links):
            problems.append(f"{language}: results outside {language}/: {links[:3]}")
        if "Rust" not in message or "results for" in message:
            problems.append(f"{language}: the search says “{message}”, not in its language")
        page.close()
    browser.close()
for problem in problems:
    print("check_search_languages:", problem, file=sys.stderr)
print(f"check_search_languages: {len(languages) - len(problems)} languages searched, {len(problems)} problems")
sys.exit(1 if problems else 0)
