import Dynamics
import Foundation

/// `lectern-bench dynamics [--json]`: the pyramid (base 20, 600 steps of 1/60 s, rotation
/// allowed or not, sleeping off or on), the Dropit workload (whole small simulations per
/// second, world setup included) and the resting overlap of a column of 40 blocks. Prints a
/// table, or one JSON object with `--json`.
func runDynamicsBench(arguments: [String]) -> Int32 {
    let json = arguments.contains("--json")
    if let unknown = arguments.first(where: { $0 != "--json" }) {
        FileHandle.standardError.write(Data("lectern-bench dynamics: unknown argument \(unknown)\n".utf8))
        return 2
    }
    do {
        var pyramids: [DynamicsBench.PyramidFigures] = []
        for allowsRotation in [true, false] {
            for sleeping in [false, true] {
                pyramids.append(try DynamicsBench.pyramid(allowsRotation: allowsRotation, sleeping: sleeping))
            }
        }
        let dropit = try DynamicsBench.dropit()
        let column = try DynamicsBench.column()
        print(json ? DynamicsBench.json(pyramids, dropit, column) : DynamicsBench.table(pyramids, dropit, column))
        return 0
    } catch {
        FileHandle.standardError.write(Data("lectern-bench dynamics: \(error)\n".utf8))
        return 1
    }
}

enum DynamicsBench {
    static let pyramidBase = 20
    static let pyramidSteps = 600
    static let boxSize = 40.0

    struct PyramidFigures {
        var allowsRotation: Bool
        var sleeping: Bool
        var stepsPerSecond: Double
        var maxDisplacement: Double
        var maxDrift: Double
        /// Step at which every box was at rest, if they all came to rest.
        var restStep: Int?
    }

    struct DropitFigures {
        var simulationsPerSecond: Double
        var restingBlocks: Int
    }

    /// How a settled column rests: the overlap of its most deeply overlapping contact (block on
    /// block or bottom block on the floor) and how far its top block is below its ideal height.
    struct ColumnFigures {
        var deepestOverlap: Double
        var topSinking: Double
    }

    static let columnCount = 40

    /// CPU time of `body` (the machine is shared, so wall time would measure the neighbours too).
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }

    /// Boxes stacked in rows of base, base − 1, … 1 on the floor of a 1000 × 1000 view.
    static func pyramidScene(allowsRotation: Bool, sleeping: Bool) -> Scene {
        var items: [Scene.Item] = []
        let floor = 1000.0
        for row in 0..<pyramidBase {
            let count = pyramidBase - row
            for i in 0..<count {
                let x = 500 + (Double(i) - Double(count - 1) / 2) * boxSize
                let y = floor - boxSize / 2 - Double(row) * boxSize
                items.append(Scene.Item(id: "r\(row)c\(i)", center: Vector(x, y),
                                        shape: .rectangle(width: boxSize, height: boxSize)))
            }
        }
        let behavior = Behavior(.composite([
            Behavior(.gravity(angle: .pi / 2, magnitude: 1)),
            Behavior(.collision(Behavior.Collision(translatesReferenceBoundsIntoBoundary: true))),
            Behavior(.itemProperties(Behavior.ItemProperties(friction: 0.5, density: 1, allowsRotation: allowsRotation))),
        ]))
        return Scene(width: 1000, height: floor, duration: Double(pyramidSteps) / 60, step: 1.0 / 60,
                     sleeping: sleeping, items: items, behavior: behavior)
    }

    static func pyramid(allowsRotation: Bool, sleeping: Bool) throws -> PyramidFigures {
        let scene = pyramidScene(allowsRotation: allowsRotation, sleeping: sleeping)
        var result = try Simulation.run(scene: scene)
        var best = Double.infinity
        for _ in 0..<3 {
            best = min(best, try seconds { result = try Simulation.run(scene: scene) })
        }
        var displacement = 0.0, drift = 0.0
        for (item, final) in zip(scene.items, result.items) {
            displacement = max(displacement, (final.center - item.center).length)
            drift = max(drift, abs(final.center.x - item.center.x))
        }
        return PyramidFigures(allowsRotation: allowsRotation, sleeping: sleeping,
                              stepsPerSecond: Double(pyramidSteps) / best, maxDisplacement: displacement, maxDrift: drift,
                              restStep: result.pausedAt.map { Int(($0 * 60).rounded()) })
    }

    /// 20 blocks of 32 pt without rotation dropped one every 0.25 s into a 320 × 568 view, 300 steps of 1/60 s.
    static func dropitScene() -> Scene {
        let items = (0..<20).map { i in
            Scene.Item(id: "block\(i)", center: Vector(16 + 32 * Double((i * 7 + 3) % 10), 16),
                       shape: .rectangle(width: 32, height: 32), appearsAt: 0.25 * Double(i))
        }
        let behavior = Behavior(.composite([
            Behavior(.gravity(angle: .pi / 2, magnitude: 1)),
            Behavior(.collision(Behavior.Collision(translatesReferenceBoundsIntoBoundary: true))),
            Behavior(.itemProperties(Behavior.ItemProperties(allowsRotation: false))),
        ]))
        return Scene(width: 320, height: 568, duration: 5, step: 1.0 / 60, items: items, behavior: behavior)
    }

    static func dropit() throws -> DropitFigures {
        let scene = dropitScene()
        let resting = try Simulation.run(scene: scene).items.count { $0.restingAt != nil }
        // Estimate the run time, then measure about one second's worth of runs.
        let warmUp = 100
        let estimate = try seconds { for _ in 0..<warmUp { _ = try Simulation.run(scene: scene) } } / Double(warmUp)
        let runs = max(warmUp, Int(1.0 / max(estimate, 1e-6)))
        let measured = try seconds { for _ in 0..<runs { _ = try Simulation.run(scene: scene) } }
        return DropitFigures(simulationsPerSecond: Double(runs) / measured, restingBlocks: resting)
    }

    /// 40 blocks of 40 pt (friction 0.5, no rotation) standing on the floor of a 320-pt-wide view,
    /// 240 steps of 1/60 s without sleeping.
    static func column() throws -> ColumnFigures {
        let height = boxSize * Double(columnCount) + 100
        let items = (0..<columnCount).map { i in
            Scene.Item(id: "b\(i)", center: Vector(160, height - boxSize / 2 - Double(i) * boxSize),
                       shape: .rectangle(width: boxSize, height: boxSize))
        }
        let behavior = Behavior(.composite([
            Behavior(.gravity(angle: .pi / 2, magnitude: 1)),
            Behavior(.collision(Behavior.Collision(translatesReferenceBoundsIntoBoundary: true))),
            Behavior(.itemProperties(Behavior.ItemProperties(friction: 0.5, allowsRotation: false))),
        ]))
        let scene = Scene(width: 320, height: height, duration: 4, step: 1.0 / 60, sleeping: false, items: items,
                          behavior: behavior)
        let centres = try Simulation.run(scene: scene).items.map(\.center.y)
        var deepest = centres[0] + boxSize / 2 - height
        for i in 1..<centres.count {
            deepest = max(deepest, (centres[i] + boxSize / 2) - (centres[i - 1] - boxSize / 2))
        }
        let ideal = height - boxSize / 2 - Double(columnCount - 1) * boxSize
        return ColumnFigures(deepestOverlap: deepest, topSinking: centres[columnCount - 1] - ideal)
    }

    static func table(_ pyramids: [PyramidFigures], _ dropit: DropitFigures, _ column: ColumnFigures) -> String {
        var lines = ["Dynamics benchmark (Lectern)",
                     "Pyramid: base \(pyramidBase) (\(pyramidBase * (pyramidBase + 1) / 2) boxes of 40 pt), \(pyramidSteps) steps of 1/60 s",
                     "rotation  sleeping  steps/s   max displacement  max drift  rest step"]
        for p in pyramids {
            let rotation = (p.allowsRotation ? "allowed" : "off").padding(toLength: 9, withPad: " ", startingAt: 0)
            let sleeping = (p.sleeping ? "on" : "off").padding(toLength: 9, withPad: " ", startingAt: 0)
            lines.append(rotation + " " + sleeping + String(format: " %8.0f  %12.3f pt   %7.3f pt  ",
                                                            p.stepsPerSecond, p.maxDisplacement, p.maxDrift)
                         + (p.restStep.map(String.init) ?? "never"))
        }
        lines.append(String(format: "Dropit: 20 blocks of 32 pt, 300 steps: %.0f simulations/s (%d blocks at rest at the end)",
                            dropit.simulationsPerSecond, dropit.restingBlocks))
        lines.append(String(format: "Column of %d blocks of 40 pt, 240 steps: deepest overlap %.3f pt, top block %.3f pt below its ideal height",
                            columnCount, column.deepestOverlap, column.topSinking))
        return lines.joined(separator: "\n")
    }

    static func json(_ pyramids: [PyramidFigures], _ dropit: DropitFigures, _ column: ColumnFigures) -> String {
        let rows = pyramids.map { p in
            "{\"allowsRotation\":\(p.allowsRotation),\"sleeping\":\(p.sleeping),\"stepsPerSecond\":\(p.stepsPerSecond),"
                + "\"maxDisplacement\":\(p.maxDisplacement),\"maxDrift\":\(p.maxDrift),\"restStep\":\(p.restStep.map(String.init) ?? "null")}"
        }
        return "{\"pyramid\":[\(rows.joined(separator: ","))],\"dropit\":{\"simulationsPerSecond\":\(dropit.simulationsPerSecond),"
            + "\"restingBlocks\":\(dropit.restingBlocks)},\"column\":{\"deepestOverlap\":\(column.deepestOverlap),"
            + "\"topSinking\":\(column.topSinking)}}"
    }
}
