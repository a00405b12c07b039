#!/usr/bin/env bash
# `make install` into a temporary DESTDIR (debug build, already built by make test),
# then the installed binary, run from another folder, makes a site from an `init`
# config with the installed templates; `make uninstall` removes every file. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
make --no-print-directory install DESTDIR="$root/dest" PREFIX=/usr CONFIGURATION=debug >"$root/install.log" 2>&1 \
  || { cat "$root/install.log"; echo "check-install: make install failed"; exit 1; }
bin="$root/dest/usr/bin/meetup-report"
for file in "$bin" "$root/dest/usr/share/meetup-report/Templates/layout.html.mustache" \
            "$root/dest/usr/share/man/man1/meetup-report.1" "$root/dest/usr/share/bash-completion/completions/meetup-report" \
            "$root/dest/usr/share/zsh/site-functions/_meetup-report" "$root/dest/usr/share/fish/vendor_completions.d/meetup-report.fish"; do
  [ -s "$file" ] || { echo "check-install: $file is missing or empty"; exit 1; }
done
source Scripts/lib/tools.sh
need_apt man man-db || { unavailable "check-install: man-db"; exit 1; }
warnings=$(man --warnings -l "$root/dest/usr/share/man/man1/meetup-report.1" 2>&1 >/dev/null || true)
[ -z "$warnings" ] || { echo "check-install: groff warns about the man page: $warnings"; exit 1; }
"$bin" --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+' || { echo "check-install: --version printed nothing useful"; exit 1; }
# Run from an unrelated folder: templates must come from the installed share folder.
mkdir -p "$root/elsewhere" "$root/site"
(cd "$root/elsewhere" && "$bin" init "$root/site" >/dev/null)
(cd "$root/elsewhere" && "$bin" --config "$root/site/queries.json" --quiet) \
  || { echo "check-install: the installed binary failed on the init config"; exit 1; }
grep -q "Swift &amp; iOS meetup #1" "$root/site/Output/queries/swift.html" \
  || { echo "check-install: the site lacks the sample events"; exit 1; }
grep -q "Made by meetup-report from sample events written by meetup-report init" "$root/site/Output/index.html" \
  || { echo "check-install: the sample site does not say its events are samples"; exit 1; }
# The installed catalogues: the same site in German.
python3 - "$root/site/queries.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config["language"] = "de"
json.dump(config, open(sys.argv[1], "w"))
PY
(cd "$root/elsewhere" && "$bin" --config "$root/site/queries.json" --quiet) \
  || { echo "check-install: the installed binary failed on the init config in German"; exit 1; }
grep -q '<html lang="de">' "$root/site/Output/index.html" && grep -q "Alle Veranstaltungen" "$root/site/Output/index.html" \
  || { echo "check-install: the installed site in German is not German (Templates/locales installed?)"; exit 1; }
(cd "$root/elsewhere" && "$bin" check --config "$root/site/queries.json" >"$root/check.log") \
  || { cat "$root/check.log"; echo "check-install: check failed on a good setup"; exit 1; }
make --no-print-directory uninstall DESTDIR="$root/dest" PREFIX=/usr >/dev/null
left=$(find "$root/dest" -type f | wc -l)
[ "$left" -eq 0 ] || { find "$root/dest" -type f; echo "check-install: uninstall left $left files"; exit 1; }
echo "check-install: installed, ran from another folder on an init config, checked, uninstalled cleanly"
