import JSON

/// The API form of a course's gradebook (`GET /api/courses/:course/gradebook`): the exercises,
/// then one row per student with each exercise's counted score, and the next page's link.
enum GradebookJSON {
    static func write(_ book: Gradebook, rows: [Gradebook.Row], course: String, next: String?, to json: inout JSONWriter) {
        json.beginObject()
        json.field("course", course)
        json.key("exercises")
        json.beginArray()
        for exercise in book.exercises {
            json.beginObject()
            json.field("slug", exercise.slug)
            json.field("title", exercise.title)
            json.field("points", exercise.points)
            json.field("scorePolicy", exercise.scorePolicy.rawValue)
            json.endObject()
        }
        json.endArray()
        json.key("students")
        json.beginArray()
        for row in rows {
            json.beginObject()
            json.field("username", row.student.username)
            json.field("displayName", row.student.displayName)
            json.key("scores")
            json.beginObject()
            for (exercise, cell) in zip(book.exercises, row.cells) {
                json.key(exercise.slug)
                json.beginObject()
                json.field("counted", cell.counted)
                json.field("attempts", cell.attempts)
                json.field("late", cell.late)
                json.field("submission", cell.submissionID)
                json.endObject()
            }
            json.endObject()
            json.field("total", row.total)
            json.endObject()
        }
        json.endArray()
        json.field("next", next)
        json.endObject()
    }
}
