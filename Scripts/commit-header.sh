#!/usr/bin/env bash
# The git commit for `meetup-report --version`, as a header platform.c includes
# (Sources/CPlatform/build_commit.h, not in git). Rewritten only when the commit changes,
# and then only platform.c is recompiled: every build (debug, release, bench, install, deb)
# has one set of flags, so none invalidates another's objects the way a -D flag did.
set -euo pipefail
cd "$(dirname "$0")/.."
header=Sources/CPlatform/build_commit.h
commit=$(git rev-parse --short HEAD 2>/dev/null || true)
line="#define MR_GIT_COMMIT \"$commit\""
if [[ "$(cat "$header" 2>/dev/null)" != "$line" ]]; then
  printf '%s\n' "$line" > "$header"
  # A header that did not exist at the last compile is not in its dependency file.
  touch Sources/CPlatform/platform.c
fi
