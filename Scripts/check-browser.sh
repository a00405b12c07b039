#!/usr/bin/env bash
# The demo as a visitor's browser sees it: axe-core (from PyPI's axe-playwright-python) on
# every page type in light and dark at 375 and 1280 px, and the search typed into, in the
# Debian Chromium driven by Playwright (Scripts/check_browser.py); then the same on a W1-sized
# site, and the reports of the record workload. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
BENCH=${BENCH:-.build/debug/meetup-report-bench}
source Scripts/lib/tools.sh
need_apt chromium chromium || { unavailable "check-browser: chromium"; exit 1; }
for module in playwright:playwright axe_playwright_python:axe-playwright-python pagefind_bin:pagefind-bin; do
  need_pip "${module%%:*}" "${module#*:}" || { unavailable "check-browser: ${module#*:} from PyPI"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN" --config Examples/demo/config.json --templates Templates --now 2026-11-22T08:00:00Z --quiet \
  --output "$work/site" --cache "$work/cache" --state "$work/state" 2>/dev/null
[ -f "$work/site/pagefind/pagefind-ui.js" ] || { echo "check-browser: the demo was published without search"; exit 1; }
python3 Scripts/check_browser.py "$work/site"
# Every other shipped language: the demo in all four at once, each language's pages, and the
# search (one index of every language at the root) typed into in each.
Scripts/lib/languages-demo.sh "$BIN" "$work/languages"
for language in de es fr pt-BR; do
  python3 Scripts/check_browser.py "$work/languages/Output/$language" --no-search
done
python3 Scripts/check_search_languages.py "$work/languages/Output" de es fr pt-BR
# The same at real size: a W1-sized site (1,000 events, realistic descriptions), published
# twice so the second night's pages and index are the memo's (issue 23).
"$BENCH" --write-snapshot "$work/w1" >/dev/null
for night in 1 2; do
  "$BIN" --config "$work/w1/config.json" --templates Templates --now 2026-11-22T08:00:00Z --quiet 2>/dev/null
done
[ -f "$work/w1/Output/pagefind/pagefind-ui.js" ] || { echo "check-browser: the W1 site was published without search"; exit 1; }
python3 Scripts/check_browser.py "$work/w1/Output"
# The reports at the record workload's size (R-Ladies' shape: 251 groups, 5,200 past events), as
# `make bench` makes it against a loopback API: every report and the busiest group page, light
# and dark at 375 and 1280 px, axe-core, the charts' layout, and each report printed to PDF.
"$BENCH" --record-only --binary "$BIN" --latency-ms 0 --work-directory "$work/bench" > "$work/record.txt"
[ -f "$work/bench/record/Output/reports/health.html" ] || { cat "$work/record.txt"; echo "check-browser: the record workload made no reports"; exit 1; }
python3 Scripts/check_browser.py "$work/bench/record/Output" --no-search
