#!/usr/bin/env bash
# Layout as a reader sees it, in headless Chromium at 1280 and 375 px: on every page of
# the demo, each heading (day or event) starts below every thumbnail before it, so no
# heading floats beside another event's photo. A copy of each page gets a small script
# that measures with getBoundingClientRect and writes the verdict into the DOM, which
# --dump-dom prints. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
source Scripts/lib/tools.sh
need_apt chromium chromium || { unavailable "check-layout: chromium"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN" --config Examples/demo/config.json --templates Templates --now 2026-11-22T08:00:00Z --quiet \
  --output "$work/site" --cache "$work/cache" 2>/dev/null
probe='<script>
const images = [...document.querySelectorAll("main img")];
const bad = [];
for (const heading of document.querySelectorAll("main h2, main h3")) {
  const top = heading.getBoundingClientRect().top;
  for (const image of images) {
    if (image.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING) {
      const bottom = image.getBoundingClientRect().bottom;
      if (top < bottom - 0.5) { bad.push(heading.textContent.trim().slice(0, 40)); break; }
    }
  }
}
document.body.setAttribute("data-layout", bad.length ? "OVERLAP: " + bad.join(" | ") : "OK " + images.length);
</script>'
failures=0
checked=0
for page in $(cd "$work/site" && find . -name '*.html' -not -path './digests/*' | sort); do
  copy="$work/site/${page%.html}.layout-probe.html"
  # The probe goes in just before </body>; pages carry no script of their own.
  python3 - "$work/site/$page" "$copy" "$probe" <<'PY'
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
      *) echo "check-layout: $page at $width px: ${verdict:-no verdict}"; failures=$((failures + 1)) ;;
    esac
  done
  rm -f "$copy"
done
echo "check-layout: $((checked - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
