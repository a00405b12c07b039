#!/usr/bin/env python3
"""Completes the man page swift-argument-parser generates (its commands and options) with
the sections a manual needs, taken from the docs so they cannot drift: EXIT STATUS
(docs/running.md's "Exit codes" table), CONFIGURATION (the top-level table of the generated
docs/configuration-reference.md, each key in short),
FILES, ENVIRONMENT and EXAMPLES. Blank lines are dropped (mdoc warns on each; paragraphs
are its .Pp), so `man --warnings -l` is clean.

Usage: man-page.py GENERATED.1 OUTPUT.1 [PREFIX]
"""
import re, sys

generated, output = sys.argv[1], sys.argv[2]
prefix = sys.argv[3] if len(sys.argv) > 3 else "/usr/local"
docs = {name: open(f"docs/{name}", encoding="utf-8").read() for name in ("running.md", "configuration-reference.md")}

def rows(document, heading):
    """The rows of the first Markdown table after `heading` in a doc, as lists of cells."""
    text = docs[document]
    section = text[text.index(heading):]
    found = []
    for line in section.splitlines()[1:]:
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            if not all(re.fullmatch(r"-+", c) for c in cells):
                found.append(cells)
        elif found:
            break
    return found[1:]  # without the header row

def text(markdown):
    """A table cell as mdoc text: no Markdown marks, no line taken for a request."""
    plain = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    plain = plain.replace("`", "").replace("**", "").replace("\\|", "|").replace("\\", "\\e")
    return "\\&" + plain if plain.startswith((".", "'")) else plain

def first_sentence(markdown):
    plain = text(markdown)
    match = re.match(r"(.+?[.;])(\s|$)", plain)
    sentence = (match.group(1) if match else plain).rstrip(";.")
    return sentence if len(sentence) <= 200 else sentence[:197].rsplit(" ", 1)[0] + "..."

def requirement(key, default):
    """"`title` (required)" -> Required; a default -> Default: 320; else Optional."""
    if key.endswith("(required)"):
        return "Required."
    return f"Default: {text(default)}." if default else "Optional."

page = [line for line in open(generated, encoding="utf-8").read().splitlines() if line.strip()]
cut = next((i for i, line in enumerate(page) if line.startswith(".Sh") and "EXIT STATUS" in line), len(page))
page = page[:cut]

page += [".Sh EXIT STATUS", ".Bl -tag -width 3n"]
for code, meaning in rows("running.md", "### Exit codes"):
    page += [f".It {text(code)}", text(meaning)]
page += [".El"]

page += [".Sh CONFIGURATION", "The JSON config file's top-level keys, in short (docs/configuration-reference.md has every key).",
         ".Bl -tag -width 6n"]
for key, kind, default, meaning in rows("configuration-reference.md", "## `(top level)`"):
    name = text(key.replace(" (required)", ""))
    page += [f".It Cm {name}", f"{first_sentence(meaning)}. {text(kind)[:1].upper() + text(kind)[1:]}. {requirement(key, default)}"]
page += [".El"]

page += [".Sh FILES", ".Bl -tag -width 6n",
         ".It Pa /etc/meetup-report/queries.json", "The config the systemd unit runs (root:meetup-report, 0640).",
         ".It Pa /etc/meetup-report/secrets/meetup-key.pem", "The JWT signing key, handed to the service by LoadCredential=.",
         ".It Pa /var/lib/meetup-report/site", "The published site, with its run lock, staging folder and the last site swapped out (.site.kept) beside it.",
         ".It Pa /var/lib/meetup-report/meetup-report-state", "The state: history.sqlite and the digests, what cannot be fetched again (config state).",
         ".It Pa /var/cache/meetup-report", "Photos, thumbnails, tokens, each query's last good events and calendar feeds: what a run can rebuild.",
         f".It Pa {prefix}/share/meetup-report/Templates", "The page templates, unless --templates or the config names others.",
         ".It Pa meetup-report.service , meetup-report.timer", "The hardened oneshot service and its nightly timer.",
         ".El"]

page += [".Sh ENVIRONMENT", ".Bl -tag -width 6n",
         ".It Ev MEETUP_TOKEN", "The access token when the config's source has no auth (or names another variable with tokenVariable).",
         ".It Ev CREDENTIALS_DIRECTORY", "Where systemd put the unit's credentials; a relative privateKeyFile is read from there.",
         ".It Ev JOURNAL_STREAM", "Set by systemd: when it names stderr, every line starts with its syslog priority.",
         ".It Ev TERM", "A terminal that is not dumb gets a live progress line.",
         ".El",
         "Child processes (Pagefind, the publish command, sendmail) get the environment without the run's secrets."]

page += [".Sh EXAMPLES", "Run the bundled demo's config as of a fixed moment:",
         ".Dl meetup-report --config Examples/demo/config.json --now 2026-11-22T08:00:00Z",
         "Check a setup without publishing, then why an event is or is not on the site:",
         ".Dl meetup-report check --config /etc/meetup-report/queries.json",
         ".Dl meetup-report explain --config /etc/meetup-report/queries.json 301234567",
         "From cron, printing nothing on a good night:",
         ".Dl meetup-report --config /etc/meetup-report/queries.json --quiet"]
open(output, "w", encoding="utf-8").write("\n".join(page) + "\n")
