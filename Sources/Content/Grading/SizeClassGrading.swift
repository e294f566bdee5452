import AutoLayout
import InterfaceBuilder

/// Grading a storyboard whose scene has size-class variations. Interface Builder installs a
/// different set of constraints for each size class (landscape on a phone is compact height), so
/// each scenario is graded with the constraints of its own size classes: the scenarios are
/// grouped by the document their size classes convert to, each group is graded on its own, and
/// the reports are joined in scenario order.
enum SizeClassGrading {
    /// Scenarios that convert to the same document.
    struct Group {
        /// The size classes of the group's first scenario.
        var sizeClasses: SizeClasses
        /// The converted document, with its source lines.
        var converted: ConvertedSubmission
        var text: String { converted.text }
        /// Indexes into the exercise's scenarios, ascending.
        var scenarios: [Int]
    }

    /// The groups of a storyboard's scenarios, in order of their first scenario; one group when
    /// every scenario converts to the same document.
    static func groups(of source: String, scene: String?, layout: LayoutExercise) -> Result<[Group], Grader.ConversionFailure> {
        let bytes = Array(source.utf8)
        var groups: [Group] = []
        var converted: [(SizeClasses, ConvertedSubmission)] = []
        for (index, scenario) in layout.scenarios.enumerated() {
            let classes = SizeClasses(screen: scenario.layout.containerSize ?? LayoutScenario.defaultContainerSize)
            let submission: ConvertedSubmission
            if let known = converted.first(where: { $0.0 == classes }) {
                submission = known.1
            } else {
                do {
                    let scene = try InterfaceBuilder.convert(bytes, scene: scene, sizeClasses: classes)
                    submission = ConvertedSubmission(form: .storyboard, text: scene.conversion.submissionText(declaredViews: layout.views),
                                                     layout: scene.conversion)
                } catch {
                    return .failure(Grader.ConversionFailure(problems: ["\(error) (for \(classes))"]))
                }
                converted.append((classes, submission))
            }
            if let group = groups.firstIndex(where: { $0.text == submission.text }) {
                groups[group].scenarios.append(index)
            } else {
                groups.append(Group(sizeClasses: classes, converted: submission, scenarios: [index]))
            }
        }
        return .success(groups)
    }

    /// Grades each group against its scenarios and joins the reports, each group's messages pointed
    /// at the storyboard's lines. The style checks are those of the document graded in the first
    /// scenario; the pivot budget is shared by all groups.
    static func grade(_ exercise: Exercise, layout: LayoutExercise, groups: [Group], options: GradeOptions) -> GradeReport {
        var checks: [Int: GradeCheck] = [:]
        var frames: [Int: ScenarioFrames] = [:]
        var pictures: [Int: GradePicture] = [:]
        var styleChecks: [GradeCheck] = []
        var diagnostics: [String] = []
        var pivots = 0
        for (number, group) in groups.enumerated() {
            let part = subset(exercise, layout: layout, scenarios: group.scenarios)
            var groupOptions = options
            groupOptions.limits.maxPivots = max(0, options.limits.maxPivots - pivots)
            var report = Grader.gradeOwnFormat(part, submission: group.text, options: groupOptions)
            report.diagnostics = report.diagnostics.map(group.converted.located)
            report.checks = report.checks.map { GradeCheck(name: $0.name, passed: $0.passed, points: $0.points,
                                                           message: group.converted.located($0.message)) }
            pivots += report.work.pivots
            guard report.outcome == .graded else {
                var rejected = GradeReport.rejected(exercise, problems: report.diagnostics)
                rejected.work.pivots = pivots
                return rejected
            }
            let names = Set(group.scenarios.map { layout.scenarios[$0].name })
            for (position, scenario) in group.scenarios.enumerated() {
                let name = layout.scenarios[scenario].name
                if let check = report.checks.first(where: { $0.name == name }) { checks[scenario] = check }
                if position < report.scenarios.count { frames[scenario] = report.scenarios[position] }
                if position < report.pictures.count { pictures[scenario] = report.pictures[position] }
            }
            if number == 0 { styleChecks = report.checks.filter { !names.contains($0.name) } }
            let titles = group.scenarios.map { layout.scenarios[$0].name }
            diagnostics.append("\(NumberText.list(titles)) graded with the constraints installed for \(group.sizeClasses)")
            for line in report.diagnostics where !diagnostics.contains(line) { diagnostics.append(line) }
        }
        let indexes = layout.scenarios.indices
        let allChecks = indexes.compactMap { checks[$0] } + styleChecks
        let earned = allChecks.reduce(0) { $0 + $1.points }
        var report = GradeReport(exercise: exercise.slug, version: exercise.version, outcome: .graded,
                                 score: min(max(0, earned), exercise.points), maxScore: exercise.points, checks: allChecks,
                                 diagnostics: diagnostics, scenarios: indexes.compactMap { frames[$0] }, simulation: nil,
                                 pictures: indexes.compactMap { pictures[$0] })
        report.work.pivots = pivots
        return report
    }

    /// The exercise with only some of its scenarios (and their solved references).
    private static func subset(_ exercise: Exercise, layout: LayoutExercise, scenarios: [Int]) -> Exercise {
        let part = LayoutExercise(views: layout.views, scenarios: scenarios.map { layout.scenarios[$0] }, style: layout.style,
                                  referenceDocument: layout.referenceDocument,
                                  referenceResults: scenarios.map { layout.referenceResults[$0] })
        return Exercise(slug: exercise.slug, title: exercise.title, kind: exercise.kind, points: exercise.points,
                        lecture: exercise.lecture, statement: exercise.statement, starter: exercise.starter,
                        reference: exercise.reference, examples: exercise.examples, definition: .layout(part),
                        version: exercise.version, accepts: exercise.accepts)
    }
}
