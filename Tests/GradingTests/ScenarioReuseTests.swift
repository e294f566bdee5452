import AutoLayout
import XCTest
@testable import Grading

/// Grading solves an answer's scenarios with one `LayoutSession`: for every shipped layout
/// exercise, its reference and every example in the text format, each scenario's frames and
/// diagnostics must be those of a fresh solve, right-to-left scenarios read off their
/// left-to-right twins included.
final class ScenarioReuseTests: XCTestCase {
    func testEveryShippedAnswerSolvesInEveryScenarioAsAFreshSolverSolvesIt() throws {
        var compared = 0
        var reusedWork = 0
        var freshWork = 0
        var mirrored = 0
        for exercise in try shippedCatalog().exercises {
            guard case .layout(let layout) = exercise.definition else { continue }
            let answers = [("reference", exercise.reference)] + exercise.examples.map { ($0.name, $0.submission) }
            for (name, text) in answers {
                guard case .success(let document) = LayoutSubmission.parse(text, views: layout.views) else { continue }
                let engine = LayoutEngine(document: document)
                var session = LayoutSession(engine: engine)
                for scenario in layout.scenarios {
                    let reused = session.solve(scenario.layout)
                    let fresh = engine.solve(scenario.layout)
                    let context = "\(exercise.slug)/\(name) in \(scenario.name)"
                    XCTAssertEqual(reused.frames, fresh.frames, context)
                    XCTAssertEqual(reused.conflicts, fresh.conflicts, context)
                    XCTAssertEqual(reused.ambiguities, fresh.ambiguities, context)
                    XCTAssertEqual(reused.warnings, fresh.warnings, context)
                    reusedWork += reused.pivots
                    freshWork += fresh.pivots
                    compared += 1
                }
                mirrored += session.mirroredScenarios
            }
        }
        XCTAssertGreaterThan(compared, 40, "the shipped layout answers in the text format, in every scenario")
        XCTAssertLessThan(reusedWork, freshWork, "the session reused its solvers")
        XCTAssertGreaterThan(mirrored, 5, "right-to-left scenarios were read off their left-to-right twins")
    }
}
