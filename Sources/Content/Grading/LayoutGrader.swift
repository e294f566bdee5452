import AutoLayout

/// Grades a layout submission: parse it on top of the exercise's views, solve it in every
/// scenario, compare with the reference, and apply the style rules.
struct LayoutGrader {
    let exercise: Exercise
    let layout: LayoutExercise
    let options: GradeOptions

    func grade(_ text: String) -> GradeReport {
        let document: LayoutDocument
        switch LayoutSubmission.parse(text, views: layout.views, limits: options.limits) {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .rejected(exercise, problems: errors.errors.map(\.description))
        }
        let budget = max(0, options.limits.maxPivots)
        let engine = LayoutEngine(document: document, limits: LayoutLimits(maxPivots: budget + 1))
        var checks: [GradeCheck] = []
        var diagnostics: [String] = []
        var scenarios: [ScenarioFrames] = []
        var pivots = 0
        // One prepared solver per writing direction serves every scenario it can.
        var session = LayoutSession(engine: engine)
        for (index, scenario) in layout.scenarios.enumerated() {
            let result = session.solve(scenario.layout)
            pivots += result.pivots
            guard pivots <= budget, !result.reachedPivotLimit else {
                var report = GradeReport.rejected(exercise, problems: [overBudget(document, pivots: pivots, budget: budget,
                                                                                  scenariosSolved: index + 1)])
                report.work.pivots = pivots
                return report
            }
            let evaluation = LayoutScenarioCheck(scenario: scenario, exercise: layout, document: document,
                                                 result: result, reference: layout.referenceResults[index]).evaluate()
            checks.append(evaluation.check)
            diagnostics.append(contentsOf: evaluation.diagnostics)
            scenarios.append(evaluation.frames)
        }
        let style = StylePenalties(style: layout.style, engine: engine)
        checks.append(contentsOf: style.checks())
        diagnostics.append(contentsOf: style.magicNumbers.map(\.message))
        diagnostics.append(contentsOf: style.fixedSizes.map(\.message))
        let earned = checks.reduce(0) { $0 + $1.points }
        var report = GradeReport(exercise: exercise.slug, version: exercise.version, outcome: .graded,
                                 score: min(max(0, earned), exercise.points), maxScore: exercise.points, checks: checks,
                                 diagnostics: diagnostics, scenarios: scenarios, simulation: nil,
                                 pictures: options.pictures ? scenarios.map(LayoutPicture.draw) : [])
        report.work.pivots = pivots
        return report
    }

    /// Why a layout is refused for its solving work, with what makes it expensive.
    private func overBudget(_ document: LayoutDocument, pivots: Int, budget: Int, scenariosSolved: Int) -> String {
        let guides = document.items.filter(\.isGuide).count
        let views = document.items.count - guides
        return "1:1: these constraints are too expensive to grade: \(document.constraints.count) constraints over \(views) views "
            + "and \(guides) guides took \(pivots > budget ? "more than \(budget)" : "\(pivots)") simplex pivots to solve "
            + "\(scenariosSolved) of \(layout.scenarios.count) scenarios, and a grade may take at most \(budget); "
            + "fewer guides and fewer constraints that fight each other solve in far fewer"
    }
}
