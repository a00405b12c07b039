#!/usr/bin/env bash
# Layout as a reader sees it, in headless Chromium at 1280 and 375 px, on every page of the
# demo and on a sample of a W1-sized site's pages (`meetup-report-bench --write-snapshot`: 1,000 events
# with realistic descriptions): each heading starts below every photo before it, no text of
# an event stands in its photo's column, and nothing scrolls sideways. A copy of each page
# gets a small script that measures with getBoundingClientRect and writes the verdict into
# the DOM, which --dump-dom prints. Every HTML page of the W1 site must weigh at most
# 300 KB. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
BENCH=${BENCH:-.build/debug/meetup-report-bench}
source Scripts/lib/tools.sh
need_apt chromium chromium || { unavailable "check-layout: chromium"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN" --config Examples/demo/config.json --templates Templates --now 2026-11-22T08:00:00Z --quiet \
  --output "$work/site" --cache "$work/cache" --state "$work/state" 2>/dev/null
"$BENCH" --write-snapshot "$work/w1" >/dev/null
"$BIN" --config "$work/w1/config.json" --templates Templates --now 2026-11-22T08:00:00Z --quiet 2>/dev/null
# The demo in every other shipped language at once (German's long words at 375 px, Portuguese's dates).
Scripts/lib/languages-demo.sh "$BIN" "$work/languages"
probe='<script>
const bad = [];
const images = [...document.querySelectorAll("main img")];
for (const heading of document.querySelectorAll("main h2, main h3")) {
  const top = heading.getBoundingClientRect().top;
  for (const image of images) {
    if (image.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING) {
      if (top < image.getBoundingClientRect().bottom - 0.5) { bad.push("heading beside a photo: " + heading.textContent.trim().slice(0, 40)); break; }
    }
  }
}
for (const event of document.querySelectorAll("main .event")) {
  const photo = event.querySelector(".event-photo");
  if (!photo) continue;
  const edge = photo.getBoundingClientRect().right;
  for (const block of event.querySelectorAll(".event-text > *")) {
    const box = block.getBoundingClientRect();
    if (box.height > 0 && box.left < edge - 0.5) { bad.push("text in the photo column: " + block.textContent.trim().slice(0, 40)); break; }
  }
}
if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push("scrolls sideways: " + document.documentElement.scrollWidth + " px");
document.body.setAttribute("data-layout", bad.length ? "BAD: " + bad.slice(0, 3).join(" | ") : "OK " + images.length);
</script>'
failures=0
checked=0
check() { # site page
  local copy="$1/${2%.html}.layout-probe.html"
  python3 - "$1/$2" "$copy" "$probe" <<'PY'
import sys
source, target, probe = sys.argv[1:]
html = open(source, encoding="utf-8").read()
open(target, "w", encoding="utf-8").write(html.replace("</body>", probe + "</body>"))
PY
  for width in 1280 375; do
    verdict=$(chromium --headless --no-sandbox --disable-gpu --window-size="$width,900" --dump-dom "file://$copy" 2>/dev/null \
      | sed -n 's/.*data-layout="\([^"]*\)".*/\1/p' | head -1)
    checked=$((checked + 1))
    case "$verdict" in
      OK*) ;;
      *) echo "check-layout: $2 at $width px: ${verdict:-no verdict}"; failures=$((failures + 1)) ;;
    esac
  done
  rm -f "$copy"
}
# Every page but the events' own (hundreds, one template): of those the three largest, upcoming and past.
for page in $(cd "$work/site" && { find . -name '*.html' -not -path './digests/*' -not -path './events/*';
  find ./events -name '*.html' -printf '%s %p\n' | sort -n | tail -3 | cut -d' ' -f2; } | sort); do
  check "$work/site" "$page"
done
for language in de es fr pt-BR; do
  site="$work/languages/Output/$language"
  for page in $(cd "$site" && { find . -maxdepth 2 -name '*.html' -not -path './digests/*' -not -path './events/*' \
      -not -path './groups/*' -not -path './reports/*'; find ./groups ./events -name '*.html' -printf '%s %p\n' \
      | sort -n | tail -2 | cut -d' ' -f2; } | sort); do
    check "$site" "$page"
  done
done
w1="$work/w1/Output"
for page in index.html all.html all/2026-12.html all/2026-12.2.html queries/swift.html queries/swift.2.html queries/campus.html digest.html \
  archive/index.html archive/2019.html groups/rladies-chapter-7.html reports/index.html reports/activity.html \
  reports/geography.html reports/health.html reports/events.html reports/quarter.html reports/topics.html \
  reports/guide.html reports/groups.html reports/2025.html reports/2026.html; do
  [ -f "$w1/$page" ] || { echo "check-layout: the W1 site has no $page"; failures=$((failures + 1)); continue; }
  check "$w1" "$page"
done
for page in $(cd "$w1" && find ./events -name '*.html' -printf '%s %p\n' | sort -n | tail -2 | cut -d' ' -f2); do
  check "$w1" "$page"
done
# No link of the W1 site leads nowhere, on any of its pages.
python3 Scripts/check_links.py "$w1" || failures=$((failures + 1))
heavy=$(cd "$w1" && find . -name '*.html' -size +300k | sort)
pages=$(cd "$w1" && find . -name '*.html' | wc -l)
checked=$((checked + 1))
if [ -n "$heavy" ]; then echo "check-layout: W1 pages over 300 KB of HTML: $heavy"; failures=$((failures + 1)); fi
echo "check-layout: W1 site: $pages pages, the largest $(cd "$w1" && find . -name '*.html' -printf '%s %p\n' | sort -n | tail -1)"
echo "check-layout: $((checked - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
