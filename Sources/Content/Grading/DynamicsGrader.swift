import Dynamics
import JSON

/// Grades a dynamics submission: the behavior tree goes into the exercise's scene, the scene runs,
/// and the data checks read the result.
struct DynamicsGrader {
    let exercise: Exercise
    let dynamics: DynamicsExercise
    let options: GradeOptions

    func grade(_ text: String) -> GradeReport {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(text, limits: JSONLimits(maxBytes: options.limits.maxBytes, maxDepth: 48,
                                                                 maxStringBytes: 4096, maxElements: 50_000))
        } catch {
            return .rejected(exercise, problems: [error.description])
        }
        if let problem = BehaviorSurvey.problem(in: tree, allowed: dynamics.allowedBehaviors,
                                                maxBehaviors: options.limits.maxBehaviors) {
            return .rejected(exercise, problems: [problem])
        }
        var sceneObject = dynamics.scene
        sceneObject["behavior"] = tree
        let scene: Scene
        let result: SimulationResult
        var simulationUnits = 0
        do {
            scene = try Scene.parse(json: JSONValue.object(sceneObject).serialized())
            if let behavior = scene.behavior,
               let missing = BehaviorSurvey.missingScriptTargets(in: behavior, script: scene.script) {
                return .rejected(exercise, problems: [missing])
            }
            let cost = SimulationCost(scene: scene)
            guard cost.units <= options.limits.maxSimulationUnits else {
                var report = GradeReport.rejected(exercise, problems: [
                    "$: these behaviors are too expensive to simulate: \(cost.explanation) = "
                        + "\(SimulationCost.number(cost.units)) units of work, and a grade may take at most "
                        + "\(SimulationCost.number(options.limits.maxSimulationUnits)); one collision behavior with the "
                        + "reference bounds and a few boundaries is all this exercise needs",
                ])
                report.work.simulationUnits = cost.units
                return report
            }
            simulationUnits = cost.units
            result = try Simulation.run(scene: scene)
        } catch {
            return .rejected(exercise, problems: ["\(error.location.replacingPrefix("$.behavior", with: "$")): \(error.message)"])
        }
        let checks = dynamics.checks.map { DynamicsCheckEvaluation(check: $0, scene: scene, result: result).evaluate() }
        let earned = checks.reduce(0) { $0 + $1.points }
        var report = GradeReport(exercise: exercise.slug, version: exercise.version, outcome: .graded,
                           score: min(max(0, earned), exercise.points), maxScore: exercise.points, checks: checks,
                           diagnostics: [], scenarios: [], simulation: result,
                           pictures: options.pictures ? [DynamicsPicture.draw(scene: scene, result: result, checks: dynamics.checks)] : [])
        report.work.simulationUnits = simulationUnits
        return report
    }
}
