#!/usr/bin/env bash
# Screenshots of the demo's index and a query page at phone (375 px) and laptop
# (1280 px) widths, in light and dark mode, with headless Chromium: what users see.
# Writes Screenshots/*.png (not committed). Run `make demo` first.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_apt chromium chromium fonts-noto-color-emoji || { unavailable "screenshots: chromium"; exit 1; }
[ -f Output/index.html ] || { echo "screenshots: run make demo first"; exit 1; }
mkdir -p Screenshots
for page in index queries/swift-ios all all/2026-12 groups; do
  name=$(echo "$page" | tr / -)
  for size in phone:375,812 laptop:1280,900; do
    label=${size%%:*}; window=${size#*:}
    for scheme in light dark; do
      flags=()
      [ "$scheme" = dark ] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
      chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "${flags[@]}" \
        --window-size="$window" --screenshot="Screenshots/$name-$label-$scheme.png" \
        "file://$PWD/Output/$page.html" >/dev/null 2>&1
    done
  done
done
ls Screenshots
