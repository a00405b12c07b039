#!/usr/bin/env bash
# The Debian package as a server gets it: `make deb`, lintian (errors fail; warnings are
# printed and justified in docs/deploying.md), `apt-get install ./…deb` on this machine, no Swift
# toolchain library in the binary's `ldd`, `meetup-report init` and a run as the package's
# user, then `apt-get purge` and nothing of it left. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_apt lintian lintian || { unavailable "check-deb: lintian"; exit 1; }
Scripts/make-deb.sh
deb=$(ls -t meetup-report_*.deb | head -1)
work=$(mktemp -d)
chmod 755 "$work"
cleanup() { apt-get purge -y -qq meetup-report >/dev/null 2>&1 || true; rm -rf "$work" "$deb"; }
trap cleanup EXIT

lintian --tag-display-limit 0 "$deb" > "$work/lintian.txt" 2>&1 || true
sed 's/^/check-deb: lintian: /' "$work/lintian.txt"
if grep -q '^E:' "$work/lintian.txt"; then echo "check-deb: lintian reports errors"; exit 1; fi

dpkg-deb -f "$deb" Depends | grep -q 'libvips42 (>= 8.14)' \
  || { echo "check-deb: Depends does not name libvips42, which the binary opens on its first thumbnail"; exit 1; }
apt_install "./$deb" >/dev/null || { echo "check-deb: apt-get install ./$deb failed"; exit 1; }
# The manual: every section a manual has, and groff has nothing to say about it.
need_apt man man-db || { unavailable "check-deb: man-db"; exit 1; }
warnings=$(man --warnings -l /usr/share/man/man1/meetup-report.1.gz 2>&1 >/dev/null || true)
[ -z "$warnings" ] || { echo "check-deb: groff warns about the man page: $warnings"; exit 1; }
for section in "EXIT STATUS" CONFIGURATION FILES ENVIRONMENT EXAMPLES; do
  MANWIDTH=80 man -l /usr/share/man/man1/meetup-report.1.gz 2>/dev/null | grep -q "^$section" || { echo "check-deb: the man page has no $section"; exit 1; }
done
if ldd /usr/bin/meetup-report | grep -E 'libswift|libFoundation|/opt/swift'; then
  echo "check-deb: the installed binary needs a Swift toolchain library"; exit 1
fi
getent passwd meetup-report >/dev/null || { echo "check-deb: the package made no meetup-report user"; exit 1; }
# As the service's user, with no Swift on the PATH: init a site and run it (sample data, no network).
install -d -o meetup-report -g meetup-report "$work/site"
runuser -u meetup-report -- env -i PATH=/usr/bin:/bin HOME="$work" /usr/bin/meetup-report init "$work/site" >/dev/null
runuser -u meetup-report -- env -i PATH=/usr/bin:/bin HOME="$work" /usr/bin/meetup-report --config "$work/site/queries.json" --quiet \
  || { echo "check-deb: a run as meetup-report failed"; exit 1; }
[ -f "$work/site/Output/index.html" ] || { echo "check-deb: the run published nothing"; exit 1; }
files=$(dpkg -L meetup-report | grep -v '/$' | sort)

apt-get purge -y -qq meetup-report >/dev/null
left=""
for file in $files; do [ -e "$file" ] && [ ! -d "$file" ] && left="$left $file"; done
if [ -n "$left" ] || dpkg -s meetup-report >/dev/null 2>&1; then echo "check-deb: left after purge:$left"; exit 1; fi
echo "check-deb: $deb built, lintian $(grep -c '^[EW]:' "$work/lintian.txt" || true) tags, installed, ran as meetup-report without Swift, purged cleanly"
