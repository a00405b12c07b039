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
