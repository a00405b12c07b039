#!/usr/bin/env bash
# Screenshots of the demo's pages and of a W1-sized site's (`meetup-report-bench --write-snapshot`: 1,000
# events with realistic descriptions) at phone (375 px) and laptop (1280 px) widths, in
# light and dark mode, with headless Chromium: what users see; and the record workload's reports, one
# of them as a PDF. Writes Screenshots/*.png and *.pdf
# (not committed: Screenshots/ is ignored). Run `make demo` first.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_apt chromium chromium fonts-noto-color-emoji || { unavailable "screenshots: chromium"; exit 1; }
[ -f Output/index.html ] || { echo "screenshots: run make demo first"; exit 1; }
BIN=${BIN:-.build/debug/meetup-report}
BENCH=${BENCH:-.build/debug/meetup-report-bench}
w1=.build/screenshots-w1
rm -rf "$w1" && "$BENCH" --write-snapshot "$w1" >/dev/null
"$BIN" --config "$w1/config.json" --templates Templates --now 2026-11-22T08:00:00Z --quiet 2>/dev/null
mkdir -p Screenshots
shoot() { # site prefix page
  local name="$2-$(echo "$3" | tr / -)"
  for size in phone:375,812 laptop:1280,900; do
    label=${size%%:*}; window=${size#*:}
    for scheme in light dark; do
      flags=()
      [ "$scheme" = dark ] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
      chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "${flags[@]}" \
        --window-size="$window" --screenshot="Screenshots/$name-$label-$scheme.png" \
        "file://$PWD/$1/$3.html" >/dev/null 2>&1
    done
  done
}
for page in index queries/swift-ios queries/tu-talks all all/2026-12 groups digest 404; do shoot Output demo "$page"; done
for page in index queries/swift queries/swift.2 all all/2026-12 digest; do shoot "$w1/Output" w1 "$page"; done
# The reports at the record workload's size (R-Ladies' shape), and a year's report as a PDF.
record=.build/screenshots-record
rm -rf "$record" && "$BENCH" --record-only --binary "$BIN" --latency-ms 0 --work-directory "$record" >/dev/null
for page in reports/index reports/health reports/events reports/quarter reports/geography reports/topics reports/guide \
  reports/2025 reports/2026 groups/rladies-chapter-7; do
  shoot "$record/record/Output" record "$page"
done
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf=Screenshots/record-reports-2025.pdf \
  "file://$PWD/$record/record/Output/reports/2025.html" >/dev/null 2>&1
ls Screenshots
