#!/usr/bin/env python3
"""Runs the Dynamics benchmark scenes through pymunk (Chipmunk2D) and compares them with
Lectern's figures and, when given, Box2D v3's (scripts/bench_physics_box2d.c).

Scenes (the same as `lectern-bench dynamics`):
  1. Pyramid: base 20 (210 boxes of 40 pt, density 1, friction 0.5), gravity 1000 pt/s^2,
     a floor, 600 steps of 1/60 s; rotation allowed or not, sleeping off or on.
  2. Dropit: a 320 x 568 view, 20 blocks of 32 pt without rotation dropped one every 0.25 s,
     300 steps of 1/60 s; whole simulations per second, world setup included.
  3. Column: 40 blocks of 40 pt (friction 0.5, no rotation) standing on the floor of a
     320 x 1700 view, 240 steps of 1/60 s without sleeping; how deep the most loaded contact
     overlaps at the end, and how far the top block rests below its ideal height.

Times are CPU time of this process (the machine is shared). Usage:
  bench_physics_pymunk.py [--lectern-json FILE] [--box2d-json FILE] [--json]
"""
import argparse
import json
import math
import sys
import time

try:
    import pymunk
except ImportError:
    sys.exit("pymunk is not installed: pip install pymunk")

GRAVITY = 1000.0
REST_SPEED = 5.0      # points/s, as Lectern's RestDetection.speedThreshold
REST_TIME = 0.5       # seconds, as Lectern's RestDetection.duration
# Chipmunk multiplies the frictions of two shapes; Lectern takes their geometric mean. A shape
# friction of sqrt(0.5) gives 0.5 between two boxes, and 0.5 against a floor of the same friction.
BOX_FRICTION = math.sqrt(0.5)


def mass_of(width, height, density=1.0):
    return density * width * height / 10_000


def wall(space, x, y, width, height, friction):
    """A static box centred on (x, y)."""
    shape = pymunk.Poly(space.static_body, [(x - width / 2, y - height / 2), (x + width / 2, y - height / 2),
                                            (x + width / 2, y + height / 2), (x - width / 2, y + height / 2)])
    shape.friction = friction
    space.add(shape)


def bounds(space, width, height, friction):
    """Thick walls just outside the view, as Lectern's reference-bounds boundary."""
    t = max(width, height)
    wall(space, width / 2, -t / 2, width + 2 * t, t, friction)
    wall(space, width / 2, height + t / 2, width + 2 * t, t, friction)
    wall(space, -t / 2, height / 2, t, height + 2 * t, friction)
    wall(space, width + t / 2, height / 2, t, height + 2 * t, friction)


def box(space, x, y, size, rotation, friction):
    mass = mass_of(size, size)
    moment = pymunk.moment_for_box(mass, (size, size)) if rotation else math.inf
    body = pymunk.Body(mass, moment)
    body.position = (x, y)
    shape = pymunk.Poly.create_box(body, (size, size))
    shape.friction = friction
    space.add(body, shape)
    return body


def surface_speed(body, extent):
    return max(body.velocity.length, abs(body.angular_velocity) * extent)


def pyramid(rotation, sleeping):
    base, size, steps, h = 20, 40.0, 600, 1 / 60
    best = math.inf
    for _ in range(3):
        start = time.process_time()
        space = pymunk.Space()
        space.gravity = (0, GRAVITY)
        space.idle_speed_threshold = REST_SPEED
        space.sleep_time_threshold = REST_TIME if sleeping else math.inf
        bounds(space, 1000, 1000, BOX_FRICTION)
        bodies, starts = [], []
        for row in range(base):
            count = base - row
            for i in range(count):
                x = 500 + (i - (count - 1) / 2) * size
                y = 1000 - size / 2 - row * size
                bodies.append(box(space, x, y, size, rotation, BOX_FRICTION))
                starts.append((x, y))
        calm_since = [None] * len(bodies)
        extent = size * math.sqrt(2) / 2
        for step in range(steps):
            space.step(h)
            for i, body in enumerate(bodies):
                if surface_speed(body, extent) > REST_SPEED:
                    calm_since[i] = None
                elif calm_since[i] is None:
                    calm_since[i] = step * h
        best = min(best, time.process_time() - start)
    end = steps * h
    rest_step = None
    if all(c is not None and end - c >= REST_TIME - 1e-9 for c in calm_since):
        rest_step = round((max(calm_since) + REST_TIME) * 60)
    displacement = max(math.dist(b.position, s) for b, s in zip(bodies, starts))
    drift = max(abs(b.position.x - s[0]) for b, s in zip(bodies, starts))
    return {"allowsRotation": rotation, "sleeping": sleeping, "stepsPerSecond": steps / best,
            "maxDisplacement": displacement, "maxDrift": drift, "restStep": rest_step}


def dropit_once():
    width, height, size, h = 320.0, 568.0, 32.0, 1 / 60
    space = pymunk.Space()
    space.gravity = (0, GRAVITY)
    space.idle_speed_threshold = REST_SPEED
    space.sleep_time_threshold = REST_TIME
    bounds(space, width, height, 0.0)
    for step in range(300):
        t = step * h
        i = round(t / 0.25)
        if i < 20 and abs(t - 0.25 * i) < 1e-9:
            box(space, 16 + 32 * ((i * 7 + 3) % 10), 16, size, False, 0.0)
        space.step(h)
    return space


def dropit():
    runs, start = 0, time.process_time()
    while time.process_time() - start < 1.0:
        dropit_once()
        runs += 1
    return {"simulationsPerSecond": runs / (time.process_time() - start)}


def column():
    count, size, h = 40, 40.0, 1 / 60
    height = size * count + 100
    space = pymunk.Space()
    space.gravity = (0, GRAVITY)
    space.sleep_time_threshold = math.inf
    bounds(space, 320, height, BOX_FRICTION)
    bodies = [box(space, 160, height - size / 2 - i * size, size, False, BOX_FRICTION) for i in range(count)]
    for _ in range(240):
        space.step(h)
    return column_figures([b.position.y for b in bodies], height, size)


def column_figures(centres, floor, size):
    """Overlaps of a column whose block centres are given bottom first, y down, on a floor at `floor`."""
    overlaps = [centres[0] + size / 2 - floor]
    overlaps += [(centres[i] + size / 2) - (centres[i - 1] - size / 2) for i in range(1, len(centres))]
    ideal = floor - size / 2 - (len(centres) - 1) * size
    return {"deepestOverlap": max(overlaps), "topSinking": centres[-1] - ideal}


def ratio(ours, theirs, higher_is_better):
    if ours is None or theirs is None:
        return "n/a"
    if theirs == 0 or ours == 0:
        return "-"
    return f"{(ours / theirs if higher_is_better else theirs / ours):.2f}x"


def row(label, ours, theirs, box2d, fmt, higher_is_better, with_box2d):
    show = lambda v: "never" if v is None else format(v, fmt)
    line = f"{label:<44} {show(ours):>12} {show(theirs):>12}"
    if with_box2d:
        line += f" {show(box2d):>12}"
    line += f" {ratio(ours, theirs, higher_is_better):>9}"
    if with_box2d:
        line += f" {ratio(ours, box2d, higher_is_better):>9}"
    return line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lectern-json", help="output of `lectern-bench dynamics --json` to compare with")
    parser.add_argument("--box2d-json", help="output of scripts/bench_physics_box2d.c to compare with")
    parser.add_argument("--json", action="store_true", help="print pymunk's figures as JSON")
    args = parser.parse_args()

    figures = {"pyramid": [pyramid(r, s) for r in (True, False) for s in (False, True)], "dropit": dropit(),
               "column": column()}
    if args.json:
        print(json.dumps(figures))
        return
    ours = None
    if args.lectern_json:
        with open(args.lectern_json) as f:
            ours = json.load(f)
    box2d = None
    if args.box2d_json:
        with open(args.box2d_json) as f:
            box2d = json.load(f)
    with_box2d = box2d is not None
    title = f"pymunk {pymunk.version} (Chipmunk2D {pymunk.chipmunk_version})"
    if with_box2d:
        title += f" and Box2D {box2d['version']}"
    print(f"{title} vs Lectern Dynamics; one thread, CPU time, ratios > 1 favour Lectern")
    header = f"{'':<44} {'Lectern':>12} {'pymunk':>12}"
    if with_box2d:
        header += f" {'Box2D v3':>12}"
    header += f" {'vs pymunk':>9}"
    if with_box2d:
        header += f" {'vs Box2D':>9}"
    print(header)
    for i, p in enumerate(figures["pyramid"]):
        o = ours["pyramid"][i] if ours else {}
        b = box2d["pyramid"][i] if box2d else {}
        assert not b or (b["allowsRotation"], b["sleeping"]) == (p["allowsRotation"], p["sleeping"])
        name = f"pyramid rotation {'on' if p['allowsRotation'] else 'off'}, sleeping {'on' if p['sleeping'] else 'off'}"
        print(row(f"{name}: steps/s", o.get("stepsPerSecond"), p["stepsPerSecond"], b.get("stepsPerSecond"),
                  ".0f", True, with_box2d))
        print(row("    max displacement (pt)", o.get("maxDisplacement"), p["maxDisplacement"], b.get("maxDisplacement"),
                  ".3f", False, with_box2d))
        print(row("    max horizontal drift (pt)", o.get("maxDrift"), p["maxDrift"], b.get("maxDrift"),
                  ".3f", False, with_box2d))
        print(row("    step at which all rest", o.get("restStep"), p["restStep"], b.get("restStep"),
                  "d", False, with_box2d))
    o = ours["dropit"]["simulationsPerSecond"] if ours else None
    b = box2d["dropit"]["simulationsPerSecond"] if box2d else None
    print(row("dropit: simulations/s", o, figures["dropit"]["simulationsPerSecond"], b, ".0f", True, with_box2d))
    for key, label in (("deepestOverlap", "column of 40: deepest overlap (pt)"),
                       ("topSinking", "    top block below its ideal height (pt)")):
        o = ours["column"][key] if ours and "column" in ours else None
        b = box2d["column"][key] if box2d and "column" in box2d else None
        print(row(label, o, figures["column"][key], b, ".3f", False, with_box2d))

if __name__ == "__main__":
    main()
