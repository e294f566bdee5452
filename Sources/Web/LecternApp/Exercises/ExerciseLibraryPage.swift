import Grading
import HTML
import HTTPServer
import Store

/// The shipped exercises, read only: each can be copied into the course, where the copy is
/// the course's own to edit.
enum ExerciseLibraryPage {
    static func response(course: Course, catalog: ExerciseCatalog, courseSlugs: [String], principal: Principal) -> Response {
        PageLayout.response(title: "Exercise library", userArea: UserArea(principal)) {
            nav(.class("breadcrumbs"), .aria("label", "Breadcrumbs")) { a(.href("/courses/\(course.slug)")) { course.title } }
            h1 { "Exercise library" }
            p(.class("lead")) {
                "Lectern's own exercises. Copy one into \(course.title) to edit it there; the copy starts unpublished. Or "
                a(.href("/courses/\(course.slug)/new-exercise")) { "write a new Auto Layout exercise" }
                " or "
                a(.href("/courses/\(course.slug)/new-exercise?kind=dynamics")) { "a new Dynamics exercise" }
                "."
            }
            if catalog.exercises.isEmpty { p(.class("muted")) { "The library is empty." } }
            ul(.class("card-list")) {
                for exercise in catalog.exercises {
                    li {
                        p(.class("card-title")) { exercise.title }
                        p(.class("meta")) {
                            "\(exercise.kind == .layout ? "Auto Layout" : "Dynamics") · \(exercise.points) points · \(exercise.examples.count) examples · "
                            code { exercise.slug }
                        }
                        let taken = courseSlugs.contains(exercise.slug)
                        form(.class("inline-form"), .method("post"), .action("/courses/\(course.slug)/library/\(exercise.slug)/copy")) {
                            CSRFField(principal)
                            label(.for("copy-\(exercise.slug)")) {
                                "Slug in the course"
                                span(.class("visually-hidden")) { " for \(exercise.title)" }
                            }
                            input(.type("text"), .id("copy-\(exercise.slug)"), .name("slug"),
                                  .value(taken ? "\(exercise.slug.prefix(58))-copy" : exercise.slug))
                            button(.type("submit")) {
                                "Copy into the course"
                                span(.class("visually-hidden")) { ": \(exercise.title)" }
                            }
                        }
                    }
                }
            }
            if !catalog.errors.isEmpty {
                h2 { "Not loaded" }
                ul { for error in catalog.errors { li { error.description } } }
            }
        }
    }
}
