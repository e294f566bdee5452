import Grading
import JSON
import Store

/// An exercise for its editors as JSON: the folder format (`exercise`, `statement`, `reference`,
/// `starter`, `examples`, exactly what `POST` and `PUT` take) of the latest saved version, and
/// `state`: the version students see, the draft, whether it is published and where it came from.
enum ExerciseSourceJSON {
    static func write(_ record: ExerciseRecord, source: ExerciseSource, state: ExerciseAuthoringState, to json: inout JSONWriter) {
        json.beginObject()
        json.field("exercise", source.exercise)
        json.field("statement", source.statement)
        json.field("reference", source.reference)
        json.field("starter", source.starter)
        json.key("examples")
        json.beginArray()
        for example in source.examples {
            json.beginObject()
            json.field("name", example.name)
            json.field("text", example.text)
            json.field("expected", example.expected)
            json.endObject()
        }
        json.endArray()
        json.key("state")
        json.beginObject()
        json.field("slug", record.slug)
        json.field("version", record.version)
        json.field("draftVersion", state.draftVersion)
        json.field("published", state.published)
        json.field("origin", state.origin)
        json.endObject()
        json.endObject()
    }
}

/// The preview as JSON: the problems by field, then the reference and each example graded, with pictures.
enum ExercisePreviewJSON {
    static func write(_ preview: ExerciseAuthoringService.Preview, to json: inout JSONWriter) {
        json.beginObject()
        json.field("ready", preview.exercise != nil && preview.errors.isEmpty)
        json.key("errors")
        json.beginArray()
        for error in preview.errors {
            json.beginObject()
            json.field("field", error.field)
            json.field("line", error.line)
            json.field("message", error.message)
            json.endObject()
        }
        json.endArray()
        json.key("runs")
        json.beginArray()
        for run in preview.runs {
            json.beginObject()
            json.field("name", run.name)
            json.field("score", run.report.score)
            json.field("maxScore", run.report.maxScore)
            json.field("expectedScore", run.expectedScore)
            json.field("matches", run.matches)
            json.key("checks")
            json.beginArray()
            for check in run.report.checks {
                json.beginObject()
                json.field("name", check.name)
                json.field("passed", check.passed)
                json.field("points", check.points)
                json.field("message", check.message)
                json.endObject()
            }
            json.endArray()
            json.field("diagnostics", run.report.diagnostics)
            json.key("pictures")
            json.beginArray()
            for picture in run.report.pictures {
                json.beginObject()
                json.field("title", picture.title)
                json.field("svg", picture.svg)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
