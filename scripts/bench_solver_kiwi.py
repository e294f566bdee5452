#!/usr/bin/env python3
"""Replays the layout-solver benchmark workloads through kiwisolver and compares the timings
with ours and, when given, with kiwi's C++ core compiled natively (scripts/bench_solver_native.cpp).

Usage: bench_solver_kiwi.py WORKLOADS.jsonl OURS.jsonl [--native NATIVE.jsonl] [--max-seconds S]

WORKLOADS.jsonl comes from `lectern-bench solver --export-workloads`, OURS.jsonl from
`lectern-bench solver --json`, NATIVE.jsonl from bench_solver_native. A script set (small
systems, the exercises' systems) runs each script on a fresh solver and is timed whole; ours and
native kiwi by the thread's CPU clock, kiwisolver by the wall clock (its binding's overhead
included). Each phase workload is built (every add and initial suggestion, then one
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


def strength(priority):
    """kiwi's strength for a priority: the table above, else create(0, p, 0) as the native driver."""
    return STRENGTHS.get(priority) or kiwi.strength.create(0, priority, 0)


def build_constraint(spec, variables):
    expression = sum((coefficient * variables[index] for coefficient, index in spec["terms"]),
                     kiwi.Expression([], spec["constant"]))
    relation = {"==": expression == 0, "<=": expression <= 0, ">=": expression >= 0}[spec["op"]]
    return relation | strength(spec["strength"])


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
            solver.addEditVariable(variables[step["edit"]], strength(step["strength"]))
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


def run_scripts(workload):
    prepared = []
    for script in workload["scripts"]:
        variables = [kiwi.Variable("v%d" % index) for index in range(script["variables"])]
        constraints = [build_constraint(spec, variables) for spec in script["constraints"]]
        prepared.append((variables, constraints, script["ops"]))
    refused = 0
    start = time.perf_counter()
    for variables, constraints, ops in prepared:
        solver = kiwi.Solver()
        for op in ops:
            name = op[0]
            try:
                if name == "add":
                    solver.addConstraint(constraints[op[1]])
                elif name == "remove":
                    solver.removeConstraint(constraints[op[1]])
                elif name == "edit":
                    solver.addEditVariable(variables[op[1]], strength(op[2]))
                elif name == "unedit":
                    solver.removeEditVariable(variables[op[1]])
                elif name == "suggest":
                    solver.suggestValue(variables[op[1]], op[2])
                else:
                    solver.updateVariables()
            except Exception:
                refused += 1
    total = (time.perf_counter() - start) * 1e3
    return {"workload": workload["workload"], "n": workload["n"], "total_ms": total,
            "script_us": total * 1e3 / max(len(prepared), 1), "refused": refused}


def fastest_run(workload, budget, max_runs=5, total_seconds=1.0):
    if "scripts" in workload:
        start = time.perf_counter()
        best = run_scripts(workload)
        runs = 1
        while runs < max_runs and time.perf_counter() - start < total_seconds:
            best["total_ms"] = min(best["total_ms"], run_scripts(workload)["total_ms"])
            runs += 1
        best["script_us"] = best["total_ms"] * 1e3 / max(workload["n"], 1)
        return best
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
    return "%.2fx" % (kiwi_value / our_value)


def number(value, digits):
    return "-" if value is None else ("%." + str(digits) + "f") % value


PHASES = [("add_ms", "add ms", 3), ("suggest_us", "suggest us", 2), ("remove_readd_ms", "re-add ms", 4)]
SCRIPT_PHASES = [("script_us", "us/script", 2)]


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    budget = float(argv[argv.index("--max-seconds") + 1]) if "--max-seconds" in argv else 30.0
    native = {}
    if "--native" in argv:
        with open(argv[argv.index("--native") + 1]) as handle:
            native = {(row["workload"], row["n"]): row for row in map(json.loads, filter(str.strip, handle))}
    with open(argv[1]) as handle:
        workloads = [json.loads(line) for line in handle if line.strip()]
    with open(argv[2]) as handle:
        ours = {(row["workload"], row["n"]): row for row in map(json.loads, filter(str.strip, handle))}
    header = ("%-13s %5s %-10s | %11s | %11s %9s | %11s %9s"
              % ("workload", "n", "phase", "ours", "kiwisolver", "speedup", "kiwi C++", "speedup"))
    print(header)
    print("-" * len(header))
    for workload in workloads:
        key = (workload["workload"], workload["n"])
        mine = ours.get(key)
        if mine is None:
            continue
        theirs = fastest_run(workload, budget)
        compiled = native.get(key, {})
        for field, label, digits in (SCRIPT_PHASES if "scripts" in workload else PHASES):
            if mine.get(field) is None:
                continue
            print("%-13s %5d %-10s | %11s | %11s %9s | %11s %9s" % (
                workload["workload"], workload["n"], label, number(mine[field], digits),
                number(theirs.get(field), digits), ratio(theirs.get(field), mine[field]),
                number(compiled.get(field), digits), ratio(compiled.get(field), mine[field])), flush=True)
    refused = [(name, row.get("refused")) for name, row in
               [("ours", r) for r in ours.values()] + [("kiwi C++", r) for r in native.values()] if row.get("refused")]
    if refused:
        print("calls refused (the scripts are made so that none should be): %s" % refused)
    print("speedup = their time / ours: above 1.00x we are faster. Scripts: ours and kiwi C++ by the "
          "thread's CPU clock, kiwisolver by the wall clock.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
