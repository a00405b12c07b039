#!/usr/bin/env bash
# The demo in every shipped language but English at once (`languages`), into FOLDER/Output:
# what check-layout and check-browser look at in each language. Usage: languages-demo.sh BIN FOLDER
set -euo pipefail
bin=$1 folder=$2
mkdir -p "$folder"
cp -r Examples/demo/snapshot Examples/demo/calendars "$folder/"
python3 - Examples/demo/config.json "$folder/config.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config.update(output="Output", cache="cache", state="state", languages=["de", "es", "fr", "pt-BR"])
json.dump(config, open(sys.argv[2], "w"), indent=1)
PY
"$bin" --config "$folder/config.json" --templates Templates --now 2026-11-22T08:00:00Z --quiet
for language in de es fr pt-BR; do
  grep -q "<html lang=\"$language\">" "$folder/Output/$language/index.html" \
    || { echo "languages-demo: $folder/Output/$language/index.html is not in $language"; exit 1; }
done
