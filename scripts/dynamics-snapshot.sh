#!/bin/sh
# Writes the full `lectern dynamics simulate --json` output of a fixed set of scenes into a folder,
# one file per scene, so that two builds of the engine can be compared bit for bit:
#
#   scripts/dynamics-snapshot.sh OLD/lectern before/
#   scripts/dynamics-snapshot.sh NEW/lectern after/
#   diff -r before/ after/ && echo identical
#
# The scenes: every shipped dynamics exercise's scene with its reference, starter and every
# example; the scenes of `lectern-bench dynamics` (the pyramid with and without rotation and
# sleeping, Dropit, the column of 40); and seeded random scenes that mix boxes, circles,
# segments, rectangle boundaries, attachments (anchored, moving, item to item, springy), snaps,
# pushes, script events, late appearances, sleeping and sampling.
#   LECTERN  a lectern executable (first argument), OUT the folder to write (second argument)
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 LECTERN OUT" >&2
    exit 2
fi
mkdir -p "$2"
lectern="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="$(cd "$2" && pwd)"
cd "$(dirname "$0")/.."
scenes="$(mktemp -d)"
trap 'rm -rf "$scenes"' EXIT

python3 - "$scenes" <<'EOF'
import json, os, random, sys

folder = sys.argv[1]

def write(name, scene):
    with open(os.path.join(folder, name + ".json"), "w") as f:
        json.dump(scene, f)

# Shipped exercises: the scene with each submission's behavior tree.
for slug in sorted(os.listdir("Exercises")):
    path = os.path.join("Exercises", slug, "exercise.json")
    if not os.path.isfile(path):
        continue
    exercise = json.load(open(path))
    if exercise.get("kind") != "dynamics":
        continue
    trees = [("reference", os.path.join("Exercises", slug, "reference.json")),
             ("starter", os.path.join("Exercises", slug, "starter.json"))]
    examples = os.path.join("Exercises", slug, "examples")
    if os.path.isdir(examples):
        for name in sorted(os.listdir(examples)):
            if name.endswith(".json") and not name.endswith(".expected.json"):
                trees.append(("example-" + name[:-5], os.path.join(examples, name)))
    for label, tree in trees:
        if os.path.isfile(tree):
            scene = dict(exercise["scene"])
            scene["behavior"] = json.load(open(tree))
            write(slug + "-" + label, scene)

def standard(rotation, friction=None, extra=()):
    props = {"type": "itemBehavior", "allowsRotation": rotation}
    if friction is not None:
        props["friction"] = friction
        props["density"] = 1
    return {"type": "composite", "children": [
        {"type": "gravity", "magnitude": 1},
        {"type": "collision", "translatesReferenceBoundsIntoBoundary": True},
        props] + list(extra)}

# The scenes of `lectern-bench dynamics`.
for rotation in (True, False):
    for sleeping in (False, True):
        items = []
        for row in range(20):
            count = 20 - row
            for i in range(count):
                items.append({"id": "r%dc%d" % (row, i), "size": [40, 40],
                              "center": [500 + (i - (count - 1) / 2) * 40, 1000 - 20 - row * 40]})
        write("pyramid-%s-%s" % ("rotation" if rotation else "fixed", "sleeping" if sleeping else "awake"),
              {"bounds": {"width": 1000, "height": 1000}, "duration": 10, "step": 1 / 60, "sleeping": sleeping,
               "items": items, "behavior": standard(rotation, friction=0.5)})
write("dropit", {"bounds": {"width": 320, "height": 568}, "duration": 5, "step": 1 / 60,
                 "items": [{"id": "block%d" % i, "center": [16 + 32 * ((i * 7 + 3) % 10), 16], "size": [32, 32],
                            "appearsAt": 0.25 * i} for i in range(20)],
                 "behavior": standard(False)})
write("column", {"bounds": {"width": 320, "height": 1700}, "duration": 4, "step": 1 / 60, "sleeping": False,
                 "items": [{"id": "b%d" % i, "center": [160, 1700 - 20 - 40 * i], "size": [40, 40]} for i in range(40)],
                 "behavior": standard(False, friction=0.5)})

# Seeded random scenes touching every kind of shape, boundary, behavior and event.
for seed in range(12):
    r = random.Random(seed)
    width, height = 320 + 40 * r.randrange(6), 480 + 40 * r.randrange(6)
    items = []
    for i in range(r.randrange(8, 40)):
        item = {"id": "i%d" % i, "center": [r.uniform(30, width - 30), r.uniform(20, height * 0.6)]}
        if r.random() < 0.3:
            item["radius"] = r.uniform(6, 24)
        else:
            item["size"] = [r.uniform(10, 60), r.uniform(10, 60)]
        if r.random() < 0.4:
            item["appearsAt"] = round(r.uniform(0, 3), 3)
        if r.random() < 0.3:
            item["angle"] = r.uniform(-1, 1)
        if r.random() < 0.3:
            item["velocity"] = [r.uniform(-200, 200), r.uniform(-200, 200)]
        if r.random() < 0.3:
            item["angularVelocity"] = r.uniform(-3, 3)
        items.append(item)
    ids = [item["id"] for item in items]
    children = [{"type": "gravity", "magnitude": r.choice([0.5, 1, 1.5])},
                {"type": "collision", "id": "walls", "translatesReferenceBoundsIntoBoundary": True,
                 "boundaries": [{"id": "ledge", "from": [0, height * 0.7], "to": [width * 0.4, height * 0.75]},
                                {"id": "shelf", "rect": [width * 0.6, height * 0.65, width * 0.3, 12]}]},
                {"type": "itemBehavior", "friction": r.uniform(0, 1), "elasticity": r.choice([0, 0, 0.3, 0.8]),
                 "allowsRotation": r.random() < 0.7, "resistance": r.choice([0, 0.5])}]
    if r.random() < 0.5:
        children.append({"type": "collision", "mode": "items", "items": r.sample(ids, min(5, len(ids)))})
    if r.random() < 0.5:
        children.append({"type": "itemBehavior", "items": r.sample(ids, 2), "anchored": True})
    children.append({"type": "attachment", "id": "grab", "item": ids[0], "anchor": [width / 2, 10]})
    children.append({"type": "attachment", "id": "pair", "item": ids[1], "toItem": ids[2], "offset": [3, 2],
                     "toOffset": [-2, 1], "frequency": r.choice([0, 2, 5]), "damping": 0.3})
    children.append({"type": "snap", "id": "snapper", "item": ids[3], "point": [width / 3, height / 3], "damping": 0.4})
    children.append({"type": "push", "id": "kick", "mode": "instantaneous", "items": r.sample(ids, 3),
                     "angle": r.uniform(0, 6.28), "magnitude": r.uniform(0.5, 3)})
    children.append({"type": "push", "id": "wind", "mode": "continuous", "items": r.sample(ids, 2),
                     "angle": r.uniform(0, 6.28), "magnitude": r.uniform(0.1, 1)})
    script = [{"at": 0.6, "moveAnchor": "grab", "to": [width * 0.7, 60]},
              {"at": 1.0, "removeBehavior": "snapper"},
              {"at": 1.5, "addBehavior": {"type": "push", "id": "late", "mode": "instantaneous",
                                          "angle": 4.0, "magnitude": 2}},
              {"at": 2.0, "removeBehavior": "grab"},
              {"at": 2.5, "removeBehavior": "wind"}]
    write("random-%02d" % seed, {"bounds": {"width": width, "height": height}, "duration": 6,
                                 "substeps": r.choice([1, 2, 4]), "sleeping": seed % 2 == 0, "samples": 30,
                                 "items": items, "behavior": {"type": "composite", "children": children},
                                 "script": script})
EOF

count=0
for scene in "$scenes"/*.json; do
    name="$(basename "$scene")"
    if ! (cd "$scenes" && "$lectern" dynamics simulate "$name" --json) > "$out/$name" 2> "$out/$name.error"; then
        echo "dynamics-snapshot: $name: $(cat "$out/$name.error")" >&2
    fi
    [ -s "$out/$name.error" ] || rm -f "$out/$name.error"
    count=$((count + 1))
done
echo "dynamics-snapshot: $count scenes written to $out" >&2
