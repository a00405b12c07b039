#!/usr/bin/env python3
"""Writes the demo's config to another folder with its paths made absolute (the snapshot,
the calendar files), plus any top-level keys given as JSON: for checks that run the demo
with one more setting.

Usage: demo_config.py TARGET.json ['{"key": value, ...}']
"""
import json, os, sys

config = json.load(open("Examples/demo/config.json"))
config["source"]["directory"] = os.path.abspath("Examples/demo/snapshot")
for calendar in config.get("calendars", []):
    calendar["file"] = os.path.abspath(os.path.join("Examples/demo", calendar["file"]))
config.update(json.loads(sys.argv[2]) if len(sys.argv) > 2 else {})
os.makedirs(os.path.dirname(os.path.abspath(sys.argv[1])), exist_ok=True)
json.dump(config, open(sys.argv[1], "w"))
