import Foundation
import Store

/// Students × exercises with the score that counts, attempts and late marks.
struct Gradebook: Sendable {
    /// One student's standing in one exercise.
    struct Cell: Sendable, Equatable {
        /// The counted score, nil without submissions.
        let counted: Double?
        let attempts: Int
        /// Whether the counted submission was late.
        let late: Bool
        /// The submission that counts.
        let submissionID: Int64?
    }

    struct Row: Sendable {
        let student: User
        /// One per exercise, in `exercises` order.
        let cells: [Cell]
        /// Sum of the counted scores.
        let total: Double
    }

    let exercises: [ExerciseRecord]
    /// By username.
    let rows: [Row]

    /// The submission that counts under `policy`: the highest counted score (the earliest of equal
    /// ones), or the latest attempt.
    static func counted(_ submissions: [SubmissionScore], policy: ScorePolicy) -> SubmissionScore? {
        switch policy {
        case .best:
            return submissions.min { a, b in
                a.countedScore != b.countedScore ? a.countedScore > b.countedScore : a.attempt < b.attempt
            }
        case .last:
            return submissions.max { $0.attempt < $1.attempt }
        }
    }

    /// Builds the gradebook; `scoreOverrides` replaces the score of the named submissions (a
    /// regrade's dry run, to show "after").
    static func build(students: [User], exercises: [ExerciseRecord], scores: [SubmissionScore],
                      scoreOverrides: [Int64: Double] = [:]) -> Gradebook {
        var byCell: [Int64: [Int64: [SubmissionScore]]] = [:]
        for var score in scores {
            if let override = scoreOverrides[score.id] { score.score = override }
            byCell[score.userID, default: [:]][score.exerciseID, default: []].append(score)
        }
        let rows = students.sorted { $0.username.lowercased() < $1.username.lowercased() }.map { student in
            let cells = exercises.map { exercise -> Cell in
                let submissions = byCell[student.id]?[exercise.id] ?? []
                let counted = self.counted(submissions, policy: exercise.scorePolicy)
                return Cell(counted: counted?.countedScore, attempts: submissions.count, late: (counted?.latePenalty ?? 0) > 0,
                            submissionID: counted?.id)
            }
            return Row(student: student, cells: cells, total: cells.reduce(0) { $0 + ($1.counted ?? 0) })
        }
        return Gradebook(exercises: exercises, rows: rows)
    }

    /// Total points of every exercise.
    var maxTotal: Double { exercises.reduce(0) { $0 + $1.points } }

    /// Rows whose username or name contains `filter` (any case), sorted by `key`: `name` (default),
    /// `total`, or an exercise slug (highest first; missing scores last).
    func rows(sortedBy key: String?, filter: String?) -> [Row] {
        var result = rows
        if let filter = filter?.lowercased(), !filter.isEmpty {
            result = result.filter { $0.student.username.lowercased().contains(filter) || $0.student.displayName.lowercased().contains(filter) }
        }
        if key == "total" {
            result = result.enumerated().sorted { a, b in
                a.element.total != b.element.total ? a.element.total > b.element.total : a.offset < b.offset
            }.map(\.element)
        } else if let key, let column = exercises.firstIndex(where: { $0.slug == key }) {
            result = result.enumerated().sorted { a, b in
                let x = a.element.cells[column].counted ?? -1, y = b.element.cells[column].counted ?? -1
                return x != y ? x > y : a.offset < b.offset
            }.map(\.element)
        }
        return result
    }

    /// CSV: a header row `username,name,<slug>…,total`, a `points possible` row, then one row per student.
    func csv() -> String {
        var lines = [(["username", "name"] + exercises.map(\.slug) + ["total"]).map(CSVLine.quote).joined(separator: ",")]
        lines.append((["points possible", ""] + exercises.map { PageFormat.score($0.points) } + [PageFormat.score(maxTotal)])
            .map(CSVLine.quote).joined(separator: ","))
        for row in rows {
            let fields = [row.student.username, row.student.displayName]
                + row.cells.map { $0.counted.map(PageFormat.score) ?? "" } + [PageFormat.score(row.total)]
            lines.append(fields.map(CSVLine.quote).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
