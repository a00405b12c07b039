#!/usr/bin/env bash
# The site's words: every shipped catalogue (Templates/locales/*.po) holds exactly the messages
# the code and the templates use, each translated, with the English's placeholders and no markup
# of its own, and passes gettext's `msgfmt --check`; meetup-report.pot is what the sources say.
# Part of make test (Scripts/catalogues.py says how to add a language or a message).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
need_pip polib polib || { unavailable "check-catalogues: polib from PyPI"; exit 0; }
need_apt msgfmt gettext || { unavailable "check-catalogues: gettext (msgfmt)"; exit 0; }
python3 Scripts/catalogues.py --check
