#!/usr/bin/env python3
"""Replays the layout-solver benchmark workloads through kiwisolver and compares the timings.

Usage: bench_solver_kiwi.py WORKLOADS.jsonl OURS.jsonl [--max-seconds S]

WORKLOADS.jsonl comes from `lectern-bench solver --export-workloads`, OURS.jsonl from
`lectern-bench solver --json`. Each workload is built (every add and initial suggestion, then one
updateVariables),
driven through its suggest + update cycles, then one constraint is removed and re-added.
Constraint objects are created before the clock starts, as on the Swift side. Priorities map to
kiwi strengths in the same order (required, strong, 100x medium, 1.25x medium, medium, weak).
Phases that would take longer than --max-seconds are cut short and reported per operation.
As on the Swift side, each workload runs up to 5 times while its runs so far took under 1 s in
total, and each phase reports its fastest run.
"""
import json
import sys
import time

import kiwisolver as kiwi

STRENGTHS = {
    1000: kiwi.strength.required,
    750: kiwi.strength.strong,
    600: kiwi.strength.create(0, 100, 0),
    510: kiwi.strength.create(0, 1, 0, 1.25),
    500: kiwi.strength.medium,
    1: kiwi.strength.weak,
}


def build_constraint(spec, variables):
    expression = sum((coefficient * variables[index] for coefficient, index in spec["terms"]),
                     kiwi.Expression([], spec["constant"]))
    relation = {"==": expression == 0, "<=": expression <= 0, ">=": expression >= 0}[spec["op"]]
    return relation | STRENGTHS[spec["strength"]]


def step_kind(step):
    return "edit" if "edit" in step else "suggest" if "suggest" in step else "constraint"


def run(workload, budget):
    variables = [kiwi.Variable("v%d" % index) for index in range(workload["variables"])]
    steps = [(kind, step) if kind != "constraint" else (kind, build_constraint(step, variables))
             for kind, step in ((step_kind(step), step) for step in workload["steps"])]
    solver = kiwi.Solver()
    start = time.perf_counter()
    for kind, step in steps:
        if kind == "edit":
            solver.addEditVariable(variables[step["edit"]], STRENGTHS[step["strength"]])
        elif kind == "suggest":
            solver.suggestValue(variables[step["suggest"]], step["value"])
        else:
            solver.addConstraint(step)
    solver.updateVariables()
    add_ms = (time.perf_counter() - start) * 1e3

    operations = 0
    start = time.perf_counter()
    for cycle in workload["cycles"]:
        for index, value in cycle:
            solver.suggestValue(variables[index], value)
            operations += 1
        solver.updateVariables()
        if time.perf_counter() - start > budget:
            break
    suggest_us = (time.perf_counter() - start) * 1e6 / max(operations, 1)

    remove_ms = None
    churn = workload["churn"]
    if churn is not None:
        constraint = steps[churn["step"]][1]
        repeats = 0
        start = time.perf_counter()
        for _ in range(churn["repeats"]):
            solver.removeConstraint(constraint)
            solver.addConstraint(constraint)
            solver.updateVariables()
            repeats += 1
            if time.perf_counter() - start > budget:
                break
        remove_ms = (time.perf_counter() - start) * 1e3 / repeats
    return {"workload": workload["workload"], "n": workload["n"], "add_ms": add_ms,
            "suggest_us": suggest_us, "remove_readd_ms": remove_ms}


def fastest_run(workload, budget, max_runs=5, total_seconds=1.0):
    start = time.perf_counter()
    best = run(workload, budget)
    runs = 1
    while runs < max_runs and time.perf_counter() - start < total_seconds:
        following = run(workload, budget)
        for key in ("add_ms", "suggest_us", "remove_readd_ms"):
            if best[key] is not None and following[key] is not None:
                best[key] = min(best[key], following[key])
        runs += 1
    return best


def ratio(kiwi_value, our_value):
    if kiwi_value is None or our_value is None or our_value <= 0:
        return "-"
    return "%.1fx" % (kiwi_value / our_value)


def number(value, digits):
    return "-" if value is None else ("%." + str(digits) + "f") % value


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    budget = float(argv[argv.index("--max-seconds") + 1]) if "--max-seconds" in argv else 30.0
    with open(argv[1]) as handle:
        workloads = [json.loads(line) for line in handle if line.strip()]
    with open(argv[2]) as handle:
        ours = {(row["workload"], row["n"]): row for row in map(json.loads, filter(str.strip, handle))}
    header = ("%-11s %5s | %10s %10s %7s | %11s %11s %7s | %11s %11s %7s"
              % ("workload", "n", "add ms", "kiwi", "speedup", "suggest us", "kiwi", "speedup",
                 "re-add ms", "kiwi", "speedup"))
    print(header)
    print("-" * len(header))
    for workload in workloads:
        theirs = fastest_run(workload, budget)
        mine = ours.get((workload["workload"], workload["n"]))
        if mine is None:
            continue
        print("%-11s %5d | %10s %10s %7s | %11s %11s %7s | %11s %11s %7s" % (
            workload["workload"], workload["n"],
            number(mine["add_ms"], 3), number(theirs["add_ms"], 3), ratio(theirs["add_ms"], mine["add_ms"]),
            number(mine["suggest_us"], 2), number(theirs["suggest_us"], 2),
            ratio(theirs["suggest_us"], mine["suggest_us"]),
            number(mine["remove_readd_ms"], 4), number(theirs["remove_readd_ms"], 4),
            ratio(theirs["remove_readd_ms"], mine["remove_readd_ms"])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
