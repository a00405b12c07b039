#!/usr/bin/env bash
# The systemd units: `systemd-analyze verify` prints nothing, and the service's exposure
# (`systemd-analyze security --offline=true`) is at most 2.0 ("OK"). Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_apt systemd-analyze systemd || { unavailable "check-systemd: systemd-analyze (Debian: systemd)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp deploy/systemd/meetup-report.service deploy/systemd/meetup-report.timer "$work/"
# verify checks that ExecStart exists: point it at a program every machine has.
sed -i 's|^ExecStart=/usr/local/bin/meetup-report|ExecStart=/bin/true|' "$work/meetup-report.service"
output=$(cd "$work" && systemd-analyze verify --man=no meetup-report.service meetup-report.timer 2>&1 || true)
if [ -n "$output" ]; then
  echo "check-systemd: systemd-analyze verify complained:"; echo "$output"; exit 1
fi
exposure=$(cd "$work" && systemd-analyze security --offline=true meetup-report.service 2>/dev/null | sed -n 's/.*Overall exposure level for meetup-report.service: \([0-9.]*\).*/\1/p')
if [ -z "$exposure" ] || ! awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }'; then
  echo "check-systemd: exposure ${exposure:-unknown} is above 2.0"; exit 1
fi
echo "check-systemd: verify clean; service exposure $exposure (OK is at most 2.0)"
