#!/usr/bin/env bash
# The reference the benchmark compares meetup-report with: the same job done by
# standard tools. Usage: bench-pipeline.sh BASE_URL WORK_DIR QUERIES PAGES CONCURRENCY
set -euo pipefail
base=$1 work=$2 queries=$3 pages=$4 concurrency=$5
rm -rf "$work"
mkdir -p "$work/bodies" "$work/pages" "$work/photos" "$work/thumbs" "$work/site"

# 1. Every API page at once (cursors are known in advance here).
config="$work/pages.cfg"
: > "$config"
for q in $(seq 0 $((queries - 1))); do
  for p in $(seq 0 $((pages - 1))); do
    after=null
    [ "$p" -gt 0 ] && after="\"q$q-p$p\""
    printf '{"query":"eventSearch","variables":{"filter":{"query":"topic-%s"},"first":50,"after":%s}}' "$q" "$after" > "$work/bodies/$q-$p.json"
    printf 'url = "%s/gql"\nrequest = "POST"\nheader = "Content-Type: application/json"\ndata-binary = "@%s"\noutput = "%s"\nfail\nnext\n' \
      "$base" "$work/bodies/$q-$p.json" "$work/pages/$q-$p.json" >> "$config"
  done
done
sed -i '$ d' "$config"   # no "next" after the last request
curl --silent --show-error --no-progress-meter --fail --parallel --parallel-max 64 --config "$config"

# 2. Distinct photo URLs, and one Markdown page per query.
python3 - "$work" <<'PY'
import glob, json, os, sys
work = sys.argv[1]
urls, by_query = {}, {}
for path in sorted(glob.glob(f"{work}/pages/*.json")):
    q = os.path.basename(path).split("-")[0]
    for edge in json.load(open(path))["data"]["eventSearch"]["edges"]:
        node = edge["node"]
        url = node["group"]["keyGroupPhoto"]["highResUrl"]
        urls.setdefault(url, f"{len(urls)}.jpg")
        by_query.setdefault(q, []).append((node["dateTime"], node["title"], node["eventUrl"], urls[url]))
with open(f"{work}/photos.cfg", "w") as f:
    for url, name in urls.items():
        f.write(f'url = "{url}"\noutput = "{work}/photos/{name}"\n')
for q, events in by_query.items():
    with open(f"{work}/site/{q}.md", "w") as f:
        f.write(f"# Query {q}\n\n")
        for when, title, link, photo in sorted(events):
            f.write(f"### [{title}]({link})\n\n![photo](../thumbs/{photo}) {when}\n\n")
PY

# 3. Photos, CONCURRENCY at a time.
curl --silent --show-error --no-progress-meter --fail --parallel --parallel-max "$concurrency" --config "$work/photos.cfg"

# 4. One vipsthumbnail per photo, one per core at a time.
ls "$work/photos" | xargs -P "$(nproc)" -I{} vipsthumbnail "$work/photos/{}" --size 320x -o "$work/thumbs/%s.jpg[Q=82,strip]"

# 5. cmark per page.
for page in "$work"/site/*.md; do cmark "$page" > "${page%.md}.html"; done
