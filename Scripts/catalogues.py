#!/usr/bin/env python3
"""The site's words and their catalogues (Templates/locales/*.po, gettext PO).

  Scripts/catalogues.py --check      what `make test` runs: fails when a shipped catalogue
                                     lacks a message the code or the templates use, holds one
                                     they no longer use, leaves one untranslated or fuzzy,
                                     changes a placeholder, or adds markup; and when
                                     meetup-report.pot is not what the sources say
  Scripts/catalogues.py --write      writes meetup-report.pot from the sources and merges it
                                     into every catalogue (msgmerge): new messages arrive
                                     untranslated, for a translator's tool to show

The messages are the English texts the code passes to `SiteLanguage.localized("…")` and
`.plural(n, "…", "…")` (string literals only: a message built at run time cannot be
translated), and the templates' `{{#t}}…{{/t}}`. A catalogue is read with polib (PyPI) and
checked with `msgfmt --check` (gettext): the plural forms its header declares, and the format
of each message.
"""
import argparse
import pathlib
import re
import subprocess
import sys

import polib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources" / "Core"
TEMPLATES = ROOT / "Templates"
LOCALES = TEMPLATES / "locales"
POT = LOCALES / "meetup-report.pot"
SHIPPED = ["de", "en", "es", "fr", "pt-BR"]

LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
# What may differ between a message and its translation: words. Placeholders and markup stay.
PLACEHOLDER = re.compile(r"\{\{[^}]*\}\}|\{[a-zA-Z]+\}")
MARKUP = re.compile(r'[<>"&`*\[\]]')


def swift_literal(text):
    """A Swift string literal's value (the escapes the sources use)."""
    if "\\(" in text:
        raise ValueError("an interpolated literal cannot be a message")
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def arguments(source, start):
    """The top-level arguments' source text of the call whose "(" is at `start`."""
    depth, args, current, index, in_string = 0, [], "", start + 1, False
    while index < len(source):
        char = source[index]
        if in_string:
            current += char
            if char == "\\":
                current += source[index + 1]
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            current += char
        elif char in "([":
            depth += 1
            current += char
        elif char in ")]":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
            current += char
        elif char == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += char
        index += 1
    return args


def messages_in_sources():
    """(msgid, msgid_plural or None) -> where it is used, from the Swift sources and the templates."""
    found = {}
    problems = []
    for path in sorted(SOURCES.rglob("*.swift")):
        # The catalogue's own code passes messages on; it has none of its own.
        if path.parent.name == "Localization":
            continue
        source = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for match in re.finditer(r"\b(localized|plural)\(", source):
            line = source.count("\n", 0, match.start()) + 1
            args = arguments(source, match.end() - 1)
            if match.group(1) == "localized":
                if not args or not re.fullmatch(LITERAL, args[0]):
                    if "// not a message" not in source.splitlines()[line - 1]:
                        problems.append(f"{where}:{line}: localized(…) takes a string literal, not {args[:1]}")
                    continue
                key = (swift_literal(args[0][1:-1]), None)
            else:
                if len(args) < 3 or not all(re.fullmatch(LITERAL, a) for a in args[1:3]):
                    if "// not a message" not in source.splitlines()[line - 1]:
                        problems.append(f"{where}:{line}: plural(n, \"one\", \"other\") takes two string literals")
                    continue
                key = (swift_literal(args[1][1:-1]), swift_literal(args[2][1:-1]))
            found.setdefault(key, []).append(f"{where}:{line}")
    for path in sorted(TEMPLATES.glob("*.mustache")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\{\{#t\}\}(.*?)\{\{/t\}\}", text, re.S):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault((match.group(1), None), []).append(f"{path.relative_to(ROOT)}:{line}")
    return found, problems


def template():
    found, problems = messages_in_sources()
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = {
        "Project-Id-Version": "meetup-report",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    for (msgid, plural), places in sorted(found.items(), key=lambda item: (item[1][0].rsplit(":", 1)[0], item[0])):
        # Files, not lines: a catalogue does not change when the code around a message moves.
        files = sorted({place.rsplit(":", 1)[0] for place in places})
        entry = polib.POEntry(msgid=msgid, occurrences=[(file, "") for file in files])
        if plural is not None:
            entry.msgid_plural = plural
            entry.msgstr_plural = {0: "", 1: ""}
        if PLACEHOLDER.search(msgid + (plural or "")) and "{{" not in msgid:
            entry.flags.append("python-brace-format")
        pot.append(entry)
    return pot, problems


def placeholders(text):
    return set(PLACEHOLDER.findall(text))


def check_entry(entry, name):
    """The problems of one catalogue entry: untranslated, fuzzy, placeholders, markup."""
    problems = []
    label = f"{name}: “{entry.msgid}”"
    if "fuzzy" in entry.flags:
        problems.append(f"{label} is fuzzy (a translator has not confirmed it)")
    forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    if any(not form for form in forms):
        return problems + [f"{label} is not translated"]
    source = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
    needed = source - {"{count}"} if entry.msgid_plural else source
    for form in forms:
        if not placeholders(form) <= source:
            problems.append(f"{label}: “{form}” has a placeholder the English does not ({placeholders(form) - source})")
        if not needed <= placeholders(form):
            problems.append(f"{label}: “{form}” drops {needed - placeholders(form)}")
        english = MARKUP.findall(entry.msgid + (entry.msgid_plural or ""))
        for mark in set(MARKUP.findall(form)):
            if mark not in english:
                problems.append(f"{label}: “{form}” adds {mark!r}, which the page would read as markup")
    return problems


def check():
    pot, problems = template()
    expected = {(e.msgid, e.msgid_plural or None) for e in pot}
    if not POT.exists() or str(polib.pofile(str(POT), wrapwidth=0)) != str(pot):
        problems.append(f"{POT.relative_to(ROOT)} is not what the sources say: run Scripts/catalogues.py --write")
    for tag in SHIPPED:
        path = LOCALES / f"{tag}.po"
        name = str(path.relative_to(ROOT))
        if not path.exists():
            problems.append(f"{name} is missing: a shipped language needs its catalogue")
            continue
        result = subprocess.run(
            ["msgfmt", "--check", "--output-file=/dev/null", str(path)], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{name}: msgfmt --check: {result.stderr.strip()}")
        catalogue = polib.pofile(str(path), wrapwidth=0)
        have = {(e.msgid, e.msgid_plural or None): e for e in catalogue if not e.obsolete}
        for key in sorted(expected - set(have)):
            problems.append(f"{name} lacks “{key[0]}” (used by the code or templates)")
        for key in sorted(set(have) - expected):
            problems.append(f"{name} holds “{key[0]}”, which no code or template uses any more")
        for key in sorted(set(have) & expected):
            problems.extend(check_entry(have[key], name))
    return problems


def write():
    pot, problems = template()
    if problems:
        return problems
    LOCALES.mkdir(exist_ok=True)
    pot.save(str(POT))
    for tag in SHIPPED:
        path = LOCALES / f"{tag}.po"
        if path.exists():
            subprocess.run(
                ["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap", "--no-fuzzy-matching",
                 str(path), str(POT)], check=True)
            catalogue = polib.pofile(str(path), wrapwidth=0)
            for entry in [e for e in catalogue if e.obsolete]:
                catalogue.remove(entry)
            catalogue.save(str(path))
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write", action="store_true")
    options = parser.parse_args()
    problems = write() if options.write else check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"catalogues: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    if options.check:
        print(f"catalogues: {len(SHIPPED)} languages, every message of the code and templates, translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
