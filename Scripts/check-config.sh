#!/usr/bin/env bash
# The config's reference and schema cannot drift from the loader: docs/configuration-reference.md
# must be what `meetup-report config-schema --markdown` prints, and every example config (and
# the configs `meetup-report init` writes) must validate against `meetup-report config-schema`
# with the jsonschema validator from PyPI; a config with an unknown key must not. Part of make test.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/debug/meetup-report}
source Scripts/lib/tools.sh
need_pip jsonschema jsonschema || { unavailable "check-config: jsonschema from PyPI"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN" config-schema --markdown > "$work/reference.md"
if ! diff -u docs/configuration-reference.md "$work/reference.md" > "$work/diff"; then
  head -40 "$work/diff"
  echo "check-config: docs/configuration-reference.md is out of date; run: $BIN config-schema --markdown > docs/configuration-reference.md"
  exit 1
fi
"$BIN" config-schema > "$work/schema.json"
"$BIN" init "$work/init" >/dev/null
cmp -s "$work/schema.json" "$work/init/config.schema.json" \
  || { echo "check-config: init wrote a schema other than config-schema's"; exit 1; }
python3 - "$work/schema.json" Examples/*/config.json "$work/init/queries.json" "$work/init/queries.live.json" <<'PY'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
failed = 0
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
    for error in errors:
        print(f"check-config: {path}: {'/'.join(map(str, error.path)) or '(top level)'}: {error.message}")
    failed += bool(errors)
# Controls: the schema must refuse what the loader refuses.
controls = {
    "an unknown key": {"titel": "x"},
    "a number out of range": {"thumbnailWidth": 4096},
    "a misspelt source type": {"source": {"type": "snapshots", "directory": "s"}},
}
base = json.load(open(sys.argv[2]))
for name, change in controls.items():
    config = dict(base, **change)
    if validator.is_valid(config):
        print(f"check-config: the schema accepts {name}")
        failed += 1
if failed:
    sys.exit(1)
print(f"check-config: {len(sys.argv) - 2} configs valid against the schema, {len(controls)} controls refused, the reference up to date")
PY
# The README and docs/ link to each other: every relative link must name a file that exists.
python3 - <<'PY'
import glob, os, re, sys
broken = []
for page in ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"] + sorted(glob.glob("docs/*.md")):
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", open(page, encoding="utf-8").read()):
        if "://" in target or target.startswith("mailto:"):
            continue
        if not os.path.exists(os.path.join(os.path.dirname(page), target)):
            broken.append(f"{page} -> {target}")
if broken:
    sys.exit("check-config: broken links: " + ", ".join(broken))
print("check-config: every link between the README and docs/ resolves")
PY
# BENCHMARKS.md says what is true today; what each round measured goes into git (issue 64).
lines=$(wc -l < BENCHMARKS.md)
if [ "$lines" -gt 300 ]; then
  echo "check-config: BENCHMARKS.md has $lines lines (at most 300: today's figures and the ledger; history is git's)"
  exit 1
fi
