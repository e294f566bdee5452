import Foundation
import HTTPServer
import SQLite
import Store

/// The gradebook as the CSV files Canvas and Moodle import.
///
/// - Canvas (Grades › Import): the columns `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`,
///   then one column per assignment; the second row is `Points Possible` with each assignment's
///   points; scores are plain numbers, empty when there is none. Canvas matches students by one of
///   the identity columns: Lectern fills `SIS Login ID` with the username (the login students share
///   with the LMS) and leaves the others empty; a column whose title Canvas does not know becomes
///   a new assignment.
/// - Moodle (Grades › Import › CSV file): one row per student, identity columns `First name`,
///   `Last name`, `Username`, `Email address`, then one column per grade item titled
///   `NAME (Real)` as Moodle's own export titles real-valued items, and `Course total (Real)`;
///   scores have two decimals and a point, empty when there is none. The import maps `Username`
///   (or `Email address`) to the user and each item column to a grade item.
enum LMSGradebookExport {
    static let canvasIdentity = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    static let moodleIdentity = ["First name", "Last name", "Username", "Email address"]

    static func canvas(_ book: Gradebook) -> String {
        var rows: [[String]] = [canvasIdentity + book.exercises.map(\.title)]
        rows.append(["    Points Possible", "", "", "", ""] + book.exercises.map { canvasNumber($0.points) })
        for row in book.rows {
            rows.append([row.student.displayName, "", "", row.student.username, ""]
                        + row.cells.map { $0.counted.map(canvasNumber) ?? "" })
        }
        return lines(rows)
    }

    static func moodle(_ book: Gradebook) -> String {
        var rows: [[String]] = [moodleIdentity + book.exercises.map { "\($0.title) (Real)" } + ["Course total (Real)"]]
        for row in book.rows {
            let (first, last) = names(row.student.displayName)
            rows.append([first, last, row.student.username, row.student.email ?? ""]
                        + row.cells.map { $0.counted.map(moodleNumber) ?? "" } + [moodleNumber(row.total)])
        }
        return lines(rows)
    }

    /// `85`, `6.5`, `6.67`: at most two decimals, no trailing zeros.
    static func canvasNumber(_ value: Double) -> String { PageFormat.score(value) }

    /// `85.00`, `6.50`.
    static func moodleNumber(_ value: Double) -> String { String(format: "%.2f", (value * 100).rounded() / 100) }

    /// A display name as first and last name: the last word is the last name.
    static func names(_ displayName: String) -> (first: String, last: String) {
        let words = displayName.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > 1, let last = words.last else { return (displayName, "") }
        return (words.dropLast().joined(separator: " "), String(last))
    }

    private static func lines(_ rows: [[String]]) -> String {
        rows.map { $0.map(CSVLine.quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}

/// `GET /api/courses/:course/gradebook/canvas.csv` and `…/moodle.csv`, for instructors.
struct LMSExportRoutes: Controller {
    let database: DatabasePool
    let guards: RouteGuards

    init(_ context: AppContext) {
        database = context.database
        guards = context.guards
    }

    func addRoutes(to router: Router) {
        let staff = router.group(middleware: [guards.staff])
        staff.get("/api/courses/:course/gradebook/canvas.csv", use: canvas)
        staff.get("/api/courses/:course/gradebook/moodle.csv", use: moodle)
    }

    func canvas(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await export(try context.course, as: "canvas", LMSGradebookExport.canvas)
    }

    func moodle(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await export(try context.course, as: "moodle", LMSGradebookExport.moodle)
    }

    private func export(_ access: CourseAccess, as system: String, _ write: (Gradebook) -> String) async throws -> Response {
        let csv = write(try await Gradebook.load(access.course, from: database))
        return Response(status: .ok, contentType: "text/csv; charset=utf-8", body: .bytes(Array(csv.utf8)))
            .withHeader("Content-Disposition", "attachment; filename=\"\(access.course.slug)-\(system).csv\"")
    }
}
