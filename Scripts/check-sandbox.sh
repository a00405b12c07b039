#!/usr/bin/env bash
# The shipped unit runs and publishes under its own restrictions, not only in a linter:
# its ExecStart, as an unprivileged user (the unit's, uid 990 here), inside a bubblewrap
# view of the file system as the unit describes it (everything read-only but the unit's
# StateDirectory=, CacheDirectory= and ReadWritePaths=, no network, a private /tmp), with
# the config where the unit reads it, made as docs/deploying.md's steps make it (owned
# by root, group-readable by the service's group) and the output and cache the unit's
# header says. It must exit 0 and publish the demo site. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
UNIT=${UNIT:-deploy/systemd/meetup-report.service}
source Scripts/lib/tools.sh
need_apt bwrap bubblewrap || { unavailable "check-sandbox: bubblewrap"; exit 1; }
need_apt setpriv util-linux || { unavailable "check-sandbox: setpriv"; exit 1; }
service_uid=990
value() { sed -n "s/^$1=//p" "$UNIT" | tail -1; }
exec_start=$(value ExecStart)
binary=${exec_start%% *}
config=$(echo "$exec_start" | sed -n 's/.*--config \([^ ]*\).*/\1/p')
output=$(sed -n 's/^#.*"output": "\([^"]*\)".*/\1/p' "$UNIT" | head -1)
cache=$(sed -n 's/^#.*"cache": "\([^"]*\)".*/\1/p' "$UNIT" | head -1)
[ -n "$binary" ] && [ -n "$config" ] && [ -n "$output" ] && [ -n "$cache" ] \
  || { echo "check-sandbox: cannot read ExecStart, --config and the documented output and cache from $UNIT"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# What systemd makes before the run: the state and cache folders, owned by the service.
binds=()
for directory in $(value StateDirectory) ; do binds+=(--bind "$work/state/$directory" "/var/lib/$directory"); mkdir -p "$work/state/$directory"; done
for directory in $(value CacheDirectory) ; do binds+=(--bind "$work/cache/$directory" "/var/cache/$directory"); mkdir -p "$work/cache/$directory"; done
for path in $(value ReadWritePaths); do
  mkdir -p "$work/rw$path"
  binds+=(--bind "$work/rw$path" "$path")
done
chown -R "$service_uid:$service_uid" "$work/state" "$work/cache" 2>/dev/null || true
[ -d "$work/rw" ] && chown -R "$service_uid:$service_uid" "$work/rw"

# The config as the Deploying steps make it: /etc/meetup-report root:group 0750, the file 0640.
etc="$work/etc"
mkdir -p "$etc"
python3 - "$etc/queries.json" "$output" "$cache" <<'PY'
import json, os, sys
target, output, cache = sys.argv[1:]
config = json.load(open("Examples/demo/config.json"))
config["source"]["directory"] = "/opt/meetup-report-demo/snapshot"
for calendar in config.get("calendars", []):
    calendar["file"] = "/opt/meetup-report-demo/" + calendar["file"]
config["output"], config["cache"] = output, cache
config["search"] = False
json.dump(config, open(target, "w"))
PY
chown -R "0:$service_uid" "$etc"
chmod 750 "$etc"
chmod 640 "$etc/queries.json"

# The view: the host's root read-only, but /etc, /var, /opt and /usr/local are made afresh
# (tmpfs, read-only once the unit's paths are bound in), so mount points need not exist on
# the host and nothing else there is writable.
view=()
for entry in /*; do
  case "$entry" in /dev|/proc|/tmp|/etc|/var|/opt|/sys|/run) ;; *) view+=(--ro-bind "$entry" "$entry") ;; esac
done
view+=(--dev /dev --proc /proc --tmpfs /tmp --tmpfs /run)
view+=(--tmpfs /etc)
for file in ld.so.cache ld.so.conf ld.so.conf.d localtime passwd group nsswitch.conf hosts ssl ca-certificates alternatives; do
  [ -e "/etc/$file" ] && view+=(--ro-bind "/etc/$file" "/etc/$file")
done
view+=(--ro-bind "$etc" "$(dirname "$config")" --remount-ro /etc)
view+=(--tmpfs /opt --ro-bind /opt/swift /opt/swift --ro-bind "$PWD/Examples/demo" /opt/meetup-report-demo --remount-ro /opt)
view+=(--tmpfs /usr/local --ro-bind "$PWD/$BIN" "$binary" --ro-bind "$PWD/Templates" /usr/local/share/meetup-report/Templates --remount-ro /usr/local)
view+=(--tmpfs /var "${binds[@]}" --remount-ro /var)
set +e
setpriv --reuid "$service_uid" --regid "$service_uid" --clear-groups \
  bwrap "${view[@]}" --unshare-all --die-with-parent \
    "$binary" --config "$config" --now 2026-11-22T08:00:00Z >"$work/out.log" 2>&1
status=$?
set -e
# The output is inside one of the writable folders bound in: find the site there.
published=$(find "$work/state" "$work/cache" "$work/rw" -path "*/$(basename "$output")/index.html" 2>/dev/null | head -1 || true)
if [ "$status" -ne 0 ] || [ -z "$published" ]; then
  tail -5 "$work/out.log"
  echo "check-sandbox: $UNIT's ExecStart did not publish $output in its own sandbox (exit $status)"
  exit 1
fi
# libvips is opened on the night's first thumbnail, not linked: it must open under the unit's restrictions.
# (The shim's own words when it cannot: "libvips could not be loaded/start", "libvips (<soname>) has no …".)
if grep -Eq "libvips (could not|\()" "$work/out.log"; then
  grep -Em 3 "libvips (could not|\()" "$work/out.log"
  echo "check-sandbox: libvips did not open in $UNIT's sandbox: the night's photos became placeholders"
  exit 1
fi
echo "check-sandbox: the unit published $output as uid $service_uid with a read-only root (exit 0)"
