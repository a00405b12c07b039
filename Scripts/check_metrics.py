#!/usr/bin/env python3
"""The metrics file read by Prometheus's own text-format parser (prometheus-client):
every metric parses, with the values the run's events.json and exit status say.

Usage: check_metrics.py METRICS_FILE EXIT_STATUS [EVENTS_JSON] [--last-success-before SECONDS]
"""
import json, sys

from prometheus_client.parser import text_string_to_metric_families

path, exit_status = sys.argv[1], int(sys.argv[2])
events_json = sys.argv[3] if len(sys.argv) > 3 and not sys.argv[3].startswith("--") else None
problems = []
families = {f.name: f for f in text_string_to_metric_families(open(path, encoding="utf-8").read())}
value = lambda name, **labels: next((s.value for s in families.get(name, type("", (), {"samples": []})).samples
                                     if all(s.labels.get(k) == v for k, v in labels.items())), None)
for name in ("meetup_report_last_run_timestamp_seconds", "meetup_report_exit_status", "meetup_report_events",
             "meetup_report_queries", "meetup_report_photos", "meetup_report_requests", "meetup_report_stage_seconds",
             "meetup_report_run_seconds", "meetup_report_events_removed", "meetup_report_last_success_timestamp_seconds"):
    if name not in families:
        problems.append(f"{name} is missing")
if value("meetup_report_exit_status") != exit_status:
    problems.append(f"exit_status is {value('meetup_report_exit_status')}, the run exited {exit_status}")
if events_json and value("meetup_report_events") != len(json.load(open(events_json))["events"]):
    problems.append("events disagrees with events.json")
if exit_status == 0 and value("meetup_report_last_success_timestamp_seconds") != value("meetup_report_last_run_timestamp_seconds"):
    problems.append("a successful run is not the last success")
if "--last-success-before" in sys.argv:
    bound = float(sys.argv[sys.argv.index("--last-success-before") + 1])
    if not value("meetup_report_last_success_timestamp_seconds") or value("meetup_report_last_success_timestamp_seconds") > bound:
        problems.append("a failed run did not carry the last success over")
if value("meetup_report_stage_seconds", stage="fetch") is None and exit_status == 0:
    problems.append("no fetch stage time")
for text in problems:
    print("check_metrics:", text)
print(f"check_metrics: {len(families)} metrics parsed, {len(problems)} problems")
sys.exit(1 if problems else 0)
