#!/usr/bin/env bash
# Every GraphQL request the tool sends, validated against Meetup's recorded live schema
# with graphql-core (Scripts/check-graphql.py). Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
source Scripts/lib/tools.sh
need_pip graphql graphql-core || { unavailable "check-graphql: graphql-core from PyPI"; exit 0; }
[ -f ../shared/fixtures/meetupr/gql-ext-introspection.json ] \
  || { unavailable "check-graphql: ../shared/fixtures/meetupr/gql-ext-introspection.json"; exit 0; }
python3 Scripts/check-graphql.py "$BIN"
# A control: a request whose status is misspelt (NetworkEventsFilter.status is [String], so the
# schema alone lets it through) must fail the check.
control=$(mktemp -d)
trap 'rm -rf "$control"' EXIT
cat > "$control/requests" <<'JSON'
[{"name": "misspelt status", "body": {"query": "query N($urlname: ID!, $input: ProNetworkEventsSearchInput!) { proNetwork(urlname: $urlname) { eventsSearch(input: $input) { totalCount } } }", "variables": {"urlname": "x", "input": {"filter": {"status": ["PASTT"]}}}}}]
JSON
printf '#!/bin/sh\ncat "%s/requests"\n' "$control" > "$control/binary"
chmod +x "$control/binary"
if python3 Scripts/check-graphql.py "$control/binary" > "$control/out" 2>&1; then
  echo "check-graphql: the control with a misspelt status passed; the status check is broken"; exit 1
fi
grep -q "status 'PASTT' is not an EventStatus" "$control/out" \
  || { echo "check-graphql: the control failed for another reason:"; cat "$control/out"; exit 1; }
echo "check-graphql: a misspelt status is refused (control)"
