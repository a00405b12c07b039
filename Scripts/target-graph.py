#!/usr/bin/env python3
"""The target graph, printed from Package.swift (`swift package dump-package`), so the
architecture document cannot drift from the code.

    Scripts/target-graph.py                 prints the graph (layers bottom-up, then edges)
    Scripts/target-graph.py --mermaid       the same as a Mermaid flowchart
    Scripts/target-graph.py --check FILE    fails unless FILE holds the current graph between
                                            the markers <!-- target-graph --> and <!-- /target-graph -->

It also fails on a cycle, on a core target (Meetup*) that depends on a core target of
a higher layer than its own position in the stack below (the order the layers are meant to
have, bottom first), and on a source file that imports a target of this package its own
target does not declare: SwiftPM puts every built module on the search path, so such an
import compiles and the graph above would no longer be the truth.
"""
import json
import os
import re
import subprocess
import sys

# The layers, bottom first. A core target may depend only on targets listed before it.
STACK = ["MeetupSupport", "MeetupModel", "MeetupNetwork", "MeetupConfig", "MeetupAuth", "MeetupFetch",
         "MeetupPhotos", "MeetupHistory", "MeetupRender", "MeetupPipeline"]
BEGIN, END = "<!-- target-graph -->", "<!-- /target-graph -->"


def load():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                        capture_output=True, text=True).stdout)
    targets = {t["name"]: t for t in package["targets"] if t["type"] in ("regular", "executable", "system")}
    edges = {}
    for name, target in targets.items():
        deps = []
        for dep in target["dependencies"]:
            kind, value = next(iter(dep.items()))
            if kind in ("byName", "target") and value[0] in targets:
                deps.append(value[0])
        edges[name] = deps
    return package, edges


def undeclared_imports(package, edges):
    """Imports of this package's own modules that the importing target does not declare."""
    own = {t["name"] for t in package["targets"]}
    problems = []
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        declared = set(edges.get(target["name"], []))
        if target["type"] == "test":
            declared = {value[0] for dep in target["dependencies"] for kind, value in dep.items()}
        for root, _, files in os.walk(folder):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(root, file)
                for line in open(path, encoding="utf-8"):
                    match = re.match(r"(?:@testable\s+)?import\s+(\w+)\s*$", line)
                    if match and match.group(1) in own and match.group(1) not in declared:
                        problems.append(f"{path} imports {match.group(1)}, which {target['name']} does not declare")
    return problems


def layers(edges):
    """Targets by depth (0: depends on no target of this package); fails on a cycle."""
    depth, visiting = {}, set()

    def visit(name):
        if name in depth:
            return depth[name]
        if name in visiting:
            sys.exit(f"target-graph: cycle through {name}")
        visiting.add(name)
        depth[name] = 1 + max((visit(d) for d in edges[name]), default=-1)
        visiting.discard(name)
        return depth[name]

    for name in edges:
        visit(name)
    return depth


def check_stack(edges):
    problems = []
    for name in STACK:
        for dep in edges.get(name, []):
            if dep in STACK and STACK.index(dep) > STACK.index(name):
                problems.append(f"{name} depends on {dep}, a layer above it")
    missing = [name for name in edges if name.startswith("Meetup") and name not in STACK
               and name not in ("MeetupReport", "MeetupReportBench", "MeetupReportTestSupport")]
    problems += [f"{name} is not in the layer stack of Scripts/target-graph.py" for name in missing]
    return problems


def text(edges, depth):
    lines = ["Layers, bottom first (a target depends only on targets of lower layers):", ""]
    for level in range(max(depth.values()) + 1):
        names = sorted(n for n, d in depth.items() if d == level)
        lines.append(f"  {level:2}  " + ", ".join(names))
    lines += ["", "Direct dependencies within the package:", ""]
    for name in sorted(edges, key=lambda n: (depth[n], n)):
        if edges[name]:
            lines.append(f"  {name} -> " + ", ".join(sorted(edges[name], key=lambda n: (-depth[n], n))))
    return "\n".join(lines) + "\n"


def mermaid(edges, depth):
    lines = ["flowchart BT"]
    for name in sorted(edges, key=lambda n: (depth[n], n)):
        for dep in sorted(edges[name]):
            lines.append(f"  {name} --> {dep}")
    return "\n".join(lines) + "\n"


def main():
    package, edges = load()
    depth = layers(edges)
    problems = check_stack(edges) + undeclared_imports(package, edges)
    if problems:
        sys.exit("target-graph: " + "; ".join(problems))
    if len(sys.argv) >= 3 and sys.argv[1] == "--check":
        document = open(sys.argv[2], encoding="utf-8").read()
        try:
            block = document.split(BEGIN, 1)[1].split(END, 1)[0]
        except IndexError:
            sys.exit(f"target-graph: {sys.argv[2]} has no {BEGIN} … {END} block")
        expected = "\n```\n" + text(edges, depth) + "```\n"
        if block != expected:
            sys.exit(f"target-graph: the graph in {sys.argv[2]} is out of date; paste the output of Scripts/target-graph.py")
        print(f"target-graph: {len(edges)} targets, no cycle, layers in order, {sys.argv[2]} up to date")
    elif len(sys.argv) >= 2 and sys.argv[1] == "--mermaid":
        print(mermaid(edges, depth), end="")
    else:
        print(text(edges, depth), end="")


if __name__ == "__main__":
    main()
