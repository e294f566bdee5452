/// Every exercise of an `Exercises/` folder, loaded from one file map per exercise folder.
public struct ExerciseCatalog: Sendable {
    /// The exercises that loaded, sorted by slug.
    public let exercises: [Exercise]
    /// Why the others did not, by folder name; each error's location starts with the folder.
    public let errors: [ExerciseError]

    /// Loads each folder (its name and its files); a folder's name must be its exercise's slug.
    public init(folders: [(name: String, files: [String: [UInt8]])]) {
        var exercises: [Exercise] = []
        var errors: [ExerciseError] = []
        for folder in folders.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            do {
                let exercise = try Exercise.load(files: folder.files)
                guard exercise.slug == folder.name else {
                    errors.append(ExerciseError("\(folder.name)/exercise.json $.slug",
                                                "the slug \"\(exercise.slug)\" differs from the folder name \"\(folder.name)\""))
                    continue
                }
                exercises.append(exercise)
            } catch {
                errors.append(ExerciseError("\(folder.name)/\(error.location)", error.message))
            }
        }
        self.exercises = exercises
        self.errors = errors
    }

    /// A catalog of already loaded exercises (sorted by slug here) and the errors met loading the rest.
    public init(exercises: [Exercise], errors: [ExerciseError]) {
        self.exercises = exercises.sorted { $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) }
        self.errors = errors
    }

    /// The exercise with this slug.
    public func exercise(_ slug: String) -> Exercise? {
        exercises.first { $0.slug == slug }
    }
}
