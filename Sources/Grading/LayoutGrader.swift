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
        let engine = LayoutEngine(document: document)
        var checks: [GradeCheck] = []
        var diagnostics: [String] = []
        var scenarios: [ScenarioFrames] = []
        for (index, scenario) in layout.scenarios.enumerated() {
            let evaluation = LayoutScenarioCheck(scenario: scenario, exercise: layout, document: document,
                                                 result: engine.solve(scenario.layout),
                                                 reference: layout.referenceResults[index]).evaluate()
            checks.append(evaluation.check)
            diagnostics.append(contentsOf: evaluation.diagnostics)
            scenarios.append(evaluation.frames)
        }
        let style = StylePenalties(style: layout.style, document: document)
        checks.append(contentsOf: style.checks())
        diagnostics.append(contentsOf: style.magicNumbers.map(\.message))
        diagnostics.append(contentsOf: document.fixedSizeWarnings.map(\.message))
        let earned = checks.reduce(0) { $0 + $1.points }
        return GradeReport(exercise: exercise.slug, version: exercise.version, outcome: .graded,
                           score: min(max(0, earned), exercise.points), maxScore: exercise.points, checks: checks,
                           diagnostics: diagnostics, scenarios: scenarios, simulation: nil,
                           pictures: options.pictures ? scenarios.map(LayoutPicture.draw) : [])
    }
}
