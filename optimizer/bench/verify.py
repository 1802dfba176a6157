#!/usr/bin/env python3
"""Independent check of the benchmark's --out routes (standard library only, no code shared with the solver).

usage: python3 optimizer/bench/verify.py ROUTES.json [--set solomon|lilim|FOLDER] [--quiet]

ROUTES.json is what `node optimizer/dist/bench/cli.js ... --out ROUTES.json` writes:
[{"instance": "r101", "routes": [[node, node, ...], ...]}, ...] with the depot (node 0) left out.
For every instance the matching FOLDER/<instance>.txt (Solomon or Li & Lim text format, detected from
the first line) is read and the routes are checked for: node numbers that exist, every customer visited
exactly once, at most the instance's number of vehicles, capacity (load never above the capacity and
never below zero, Li & Lim loads start empty), time windows (service starts no earlier than the ready
time after waiting, no later than the due date; travel time = Euclidean distance; back at the depot by
its due date), and for Li & Lim each pickup before its delivery on the same route. Vehicles (non-empty
routes) and the total distance (Euclidean, double precision, depot to depot) are recomputed and
compared with FOLDER/bks.csv when it exists.

Prints one line per instance and a summary line; the exit status is 1 when any instance fails.
"""

import csv
import json
import math
import os
import re
import sys

EPS = 1e-6
HERE = os.path.dirname(os.path.abspath(__file__))


def read_instance(path):
    with open(path, encoding="utf-8") as f:
        lines = [ln for ln in f.read().splitlines() if ln.strip()]
    if re.fullmatch(r"\s*\d+\s+\d+\s+\d+\s*", lines[0]):
        # Li & Lim: K Q SPEED, then ID X Y DEMAND READY DUE SERVICE PICKUP DELIVERY.
        k, q, _ = (int(x) for x in lines[0].split())
        rows = [[float(x) for x in ln.split()] for ln in lines[1:]]
        kind = "lilim"
    else:
        # Solomon: name, VEHICLE, header, K Q, CUSTOMER, header, then ID X Y DEMAND READY DUE SERVICE.
        numeric = []
        for ln in lines:
            parts = ln.split()
            try:
                numeric.append([float(x) for x in parts])
            except ValueError:
                continue
        k, q = int(numeric[0][0]), numeric[0][1]
        rows = [r + [0.0, 0.0] for r in numeric[1:]]
        kind = "solomon"
    nodes = {}
    for r in rows:
        nid = int(r[0])
        nodes[nid] = {
            "x": r[1],
            "y": r[2],
            "demand": r[3],
            "ready": r[4],
            "due": r[5],
            "service": r[6],
            "pickup": int(r[7]),
            "delivery": int(r[8]),
        }
    return {"kind": kind, "vehicles": k, "capacity": q, "nodes": nodes}


def dist(a, b):
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


def check(inst, routes):
    nodes = inst["nodes"]
    depot = nodes[0]
    errors = []
    seen = {}
    total = 0.0
    used = [r for r in routes if len(r) > 0]
    if len(used) > inst["vehicles"]:
        errors.append(f"{len(used)} routes, only {inst['vehicles']} vehicles")
    for k, route in enumerate(used):
        load = 0.0
        t = depot["ready"]
        prev = depot
        position = {}
        for pos, nid in enumerate(route):
            node = nodes.get(nid)
            if node is None or nid == 0:
                errors.append(f"route {k}: unknown node {nid}")
                break
            if nid in seen:
                errors.append(f"node {nid} visited twice (routes {seen[nid]} and {k})")
            seen[nid] = k
            position[nid] = pos
            d = dist(prev, node)
            total += d
            t = max(t + d, node["ready"])
            if t > node["due"] + EPS:
                errors.append(f"route {k}: node {nid} starts at {t:.4f} after its due date {node['due']}")
            t += node["service"]
            load += node["demand"]
            if load > inst["capacity"] + EPS:
                errors.append(f"route {k}: load {load} above capacity {inst['capacity']} at node {nid}")
            if load < -EPS:
                errors.append(f"route {k}: negative load {load} at node {nid}")
            prev = node
        d = dist(prev, depot)
        total += d
        t += d
        if t > depot["due"] + EPS:
            errors.append(f"route {k}: back at the depot at {t:.4f} after {depot['due']}")
        if inst["kind"] == "lilim":
            for nid, pos in position.items():
                node = nodes[nid]
                if node["delivery"] != 0:  # a pickup: its delivery must follow on this route
                    dpos = position.get(node["delivery"])
                    if dpos is None:
                        errors.append(f"pickup {nid}: delivery {node['delivery']} not on the same route")
                    elif dpos < pos:
                        errors.append(f"pickup {nid}: delivery {node['delivery']} comes first")
                elif node["pickup"] != 0 and node["pickup"] not in position:
                    errors.append(f"delivery {nid}: pickup {node['pickup']} not on the same route")
    missing = [nid for nid in nodes if nid != 0 and nid not in seen]
    if missing:
        errors.append(f"{len(missing)} customers not visited (first {missing[:5]})")
    # Visits and pairs first: a route in the wrong order also breaks many windows and loads.
    errors.sort(key=lambda e: 0 if ("pickup" in e or "delivery" in e or "visit" in e) else 1)
    return len(used), total, errors


def pct(x):
    """Percent rounded to 2 decimals, without a printed "-0.00"."""
    return round(100 * x, 2) + 0.0


def read_bks(folder):
    path = os.path.join(folder, "bks.csv")
    out = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                out[row["instance"].strip().lower()] = (int(row["vehicles"]), float(row["distance"]))
    return out


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    quiet = "--quiet" in argv
    folder = "solomon"
    if "--set" in argv:
        folder = argv[argv.index("--set") + 1]
        args.remove(folder)
    if folder in ("solomon", "lilim"):
        folder = os.path.join(HERE, "..", "benchmarks", folder)
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        solutions = json.load(f)
    bks = read_bks(folder)
    ok = 0
    vehicles = 0
    gaps = []
    for entry in solutions:
        name = entry["instance"].lower()
        inst = read_instance(os.path.join(folder, name + ".txt"))
        n, total, errors = check(inst, entry["routes"])
        vehicles += n
        ref = bks.get(name)
        gap = f"gap {pct(total / ref[1] - 1):6.2f}% (bks {ref[0]} / {ref[1]:.2f})" if ref else ""
        if ref:
            gaps.append(total / ref[1] - 1)
        ok += not errors
        if not quiet or errors:
            status = "ok" if not errors else f"FAIL ({len(errors)}) " + "; ".join(errors[:3])
            print(f"{name:8} vehicles {n:3} distance {total:10.4f} {gap} {status}")
    summary = f"verify: {ok}/{len(solutions)} feasible, {vehicles} vehicles"
    if gaps:
        summary += f", mean gap {pct(sum(gaps) / len(gaps)):.2f}% over {len(gaps)} with a best-known"
    print(summary)
    return 0 if ok == len(solutions) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
