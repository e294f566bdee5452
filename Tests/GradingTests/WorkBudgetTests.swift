import Dynamics
import XCTest
import Grading

/// The work budgets of a grade: simplex pivots for layouts, simulation cost units for dynamics.
/// Every shipped reference and example stays far below them; submissions built to be expensive
/// are refused before the heavy work, with a message saying what made them expensive.
final class WorkBudgetTests: XCTestCase {
    /// The headroom the default budgets must leave over every shipped reference and example.
    static let headroom = 20

    func testTheDefaultBudgetsLeaveTwentyTimesHeadroomOverEveryShippedReferenceAndExample() throws {
        var mostPivots = (0, "")
        var mostUnits = (0, "")
        for exercise in try shippedCatalog().exercises {
            let submissions = [("reference", exercise.reference)] + exercise.examples.map { ($0.name, $0.submission) }
            for (name, text) in submissions {
                let report = Grader.grade(exercise, submission: text, options: GradeOptions(pictures: false))
                print("\(exercise.slug)/\(name): \(report.work.pivots) pivots, \(report.work.simulationUnits) units")
                switch exercise.kind {
                case .layout:
                    if report.work.pivots > mostPivots.0 { mostPivots = (report.work.pivots, "\(exercise.slug)/\(name)") }
                case .dynamics:
                    guard report.outcome == .graded else { continue }
                    XCTAssertGreaterThan(report.work.simulationUnits, 0, "\(exercise.slug)/\(name) counted its cost")
                    if report.work.simulationUnits > mostUnits.0 {
                        mostUnits = (report.work.simulationUnits, "\(exercise.slug)/\(name)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(mostPivots.0, 0, "some shipped layout needs pivots")
        print("most pivots: \(mostPivots.0) (\(mostPivots.1)); most simulation units: \(mostUnits.0) (\(mostUnits.1))")
        XCTAssertGreaterThanOrEqual(SubmissionLimits.default.maxPivots, Self.headroom * mostPivots.0, mostPivots.1)
        XCTAssertGreaterThanOrEqual(SubmissionLimits.default.maxSimulationUnits, Self.headroom * mostUnits.0, mostUnits.1)
    }

    /// 63 collision behaviors with 15 boundaries each in a steady-stacks tree, as an attacker sent.
    static func manyCollisions(count: Int = 63, boundaries: Int = 15) -> String {
        var children = [#"{"type":"gravity","magnitude":1.0}"#]
        for c in 0..<count {
            let segments = (0..<boundaries).map { b in
                let x = 5 + (b * 20) % 300
                return #"{"id":"c\#(c)b\#(b)","from":[\#(x),\#(470 - c % 5)],"to":[\#(x + 10),\#(470 - c % 5)]}"#
            }
            children.append(#"{"type":"collision","translatesReferenceBoundsIntoBoundary":true,"boundaries":[\#(segments.joined(separator: ","))]}"#)
        }
        children.append(#"{"type":"itemBehavior","allowsRotation":false,"friction":0.5,"elasticity":0}"#)
        return #"{"type":"composite","children":[\#(children.joined(separator: ",\n"))]}"#
    }

    func testManyCollisionBehaviorsAreRefusedBeforeSimulatingWithWhatMadeThemExpensive() throws {
        let stacks = try shippedExercise("steady-stacks")
        let attack = Self.manyCollisions()
        XCTAssertGreaterThan(attack.utf8.count, 30_000)
        let report = Grader.grade(stacks, submission: attack, options: GradeOptions(pictures: false))
        XCTAssertEqual(report.outcome, .rejected)
        XCTAssertNil(report.simulation, "refused before simulating")
        let message = try XCTUnwrap(report.diagnostics.first)
        XCTAssertTrue(message.contains("63 collision behaviors × 15 boundaries each"), message)
        XCTAssertTrue(message.contains("too expensive"), message)
        XCTAssertGreaterThan(report.work.simulationUnits, SubmissionLimits.default.maxSimulationUnits)

        // One collision behavior with many boundaries costs the same way.
        let one = Self.manyCollisions(count: 1, boundaries: 900)
        let refused = Grader.grade(stacks, submission: one, options: GradeOptions(pictures: false))
        XCTAssertEqual(refused.outcome, .rejected)
        XCTAssertTrue(refused.diagnostics.first?.contains("1 collision behavior with 900 boundaries") == true, "\(refused.diagnostics)")
    }

    func testTheSimulationCostCountsShapesFromTheSceneAlone() throws {
        let scene = try Scene.parse(json: """
            {"bounds":{"width":320,"height":480},"duration":1,"step":0.01,"substeps":2,
             "items":[{"id":"a","center":[50,50],"size":[10,10]},{"id":"b","center":[80,50],"size":[10,10]}],
             "behavior":{"type":"composite","children":[
               {"type":"collision","translatesReferenceBoundsIntoBoundary":true},
               {"type":"collision","boundaries":[{"id":"floor","from":[0,400],"to":[320,400]}]}]}}
            """)
        let cost = SimulationCost(scene: scene)
        XCTAssertEqual(cost.steps, 100)
        XCTAssertEqual(cost.behaviors, 3)
        XCTAssertEqual(cost.collisionBehaviors, 2)
        XCTAssertEqual(cost.boundaryShapes, 5, "four walls and one segment")
        XCTAssertEqual(cost.unitsPerStep, 2 * 2 * (2 + 5) + 5 * 4 / 2)
        XCTAssertEqual(cost.units, 100 * cost.unitsPerStep)
    }

    func testALayoutOverItsPivotBudgetIsRefusedWithWhatMadeItExpensive() throws {
        let corners = try shippedExercise("attributor")
        let full = Grader.grade(corners, submission: corners.reference, options: GradeOptions(pictures: false))
        XCTAssertEqual(full.outcome, .graded)
        let pivots = full.work.pivots
        XCTAssertGreaterThan(pivots, 1)

        let tight = GradeOptions(pictures: false, limits: SubmissionLimits(maxPivots: pivots - 1))
        let refused = Grader.grade(corners, submission: corners.reference, options: tight)
        XCTAssertEqual(refused.outcome, .rejected)
        let message = try XCTUnwrap(refused.diagnostics.first)
        XCTAssertTrue(message.contains("simplex pivots"), message)
        XCTAssertTrue(message.contains("at most \(pivots - 1)"), message)

        let exact = GradeOptions(pictures: false, limits: SubmissionLimits(maxPivots: pivots))
        XCTAssertEqual(Grader.grade(corners, submission: corners.reference, options: exact), full,
                       "a budget the grade fits in changes nothing")
    }
}
