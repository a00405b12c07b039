#!/usr/bin/env python3
"""Validates every GraphQL request the tool sends against Meetup's recorded live schema
(../shared/fixtures/meetupr/gql-ext-introspection.json) with graphql-core: the document
(fields, arguments, types) and its variables (coerced to their declared types, enums and
input objects included). The requests come from `meetup-report graphql-requests`, which
builds them with the same code a run uses. Part of make test.

    Scripts/check-graphql.py BINARY [INTROSPECTION]
"""
import json
import pathlib
import subprocess
import sys

from graphql import build_client_schema, parse, validate
from graphql.error import GraphQLError
from graphql.execution.values import get_variable_values
from graphql.language import OperationDefinitionNode

binary = sys.argv[1]
root = pathlib.Path(__file__).resolve().parent.parent
introspection = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else root.parent / "shared/fixtures/meetupr/gql-ext-introspection.json"
schema = build_client_schema(json.loads(introspection.read_text(encoding="utf-8"))["data"])
requests = json.loads(subprocess.run([binary, "graphql-requests"], check=True, capture_output=True, text=True).stdout)

failures = 0
for request in requests:
    name, body = request["name"], request["body"]
    problems = []
    try:
        document = parse(body["query"])
        problems += [error.message for error in validate(schema, document)]
        operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
        if len(operations) != 1:
            problems.append(f"{len(operations)} operations in one request")
        elif not problems:
            coerced = get_variable_values(schema, operations[0].variable_definitions or [], body.get("variables") or {})
            if isinstance(coerced, list):
                problems += [error.message for error in coerced]
    except GraphQLError as error:
        problems.append(error.message)
    # `NetworkEventsFilter.status` is [String]: a misspelt status validates and matches nothing,
    # so every "status" a request's variables carry must be a value of the EventStatus enum.
    statuses = set(schema.get_type("EventStatus").values)
    def status_values(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "status":
                    yield from (item if isinstance(item, list) else [item])
                else:
                    yield from status_values(item)
        elif isinstance(value, list):
            for item in value:
                yield from status_values(item)
    problems += [f"status {value!r} is not an EventStatus" for value in status_values(body.get("variables") or {})
                 if value not in statuses]
    if problems:
        failures += 1
        print(f"check-graphql: {name}: " + "; ".join(problems))
print(f"check-graphql: {len(requests) - failures} passed, {failures} failed (against {introspection.name})")
sys.exit(1 if failures or not requests else 0)
