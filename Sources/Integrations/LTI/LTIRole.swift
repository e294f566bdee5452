/// What an LTI role makes someone in the Lectern course.
public enum LTIRole: String, Sendable, Equatable {
    case instructor
    case student

    /// Context roles that teach: instructors, teaching assistants, content developers and course
    /// administrators (LTI Core §A.2.3, with the simple names of §A.2.3.1).
    private static let teaching: Set<String> = [
        "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
        "http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper",
        "http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator",
        "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant",
        "Instructor", "ContentDeveloper", "Administrator",
    ]

    /// Context roles that learn.
    private static let learning: Set<String> = [
        "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",
        "http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#Learner",
        "Learner",
    ]

    /// The Lectern role for a launch's roles: instructor when any context role teaches, student
    /// when one learns, nil otherwise (institution and system roles alone, mentors, guests: no
    /// access, since they say nothing about this course).
    public static func map(_ roles: [String]) -> LTIRole? {
        if roles.contains(where: teaching.contains) { return .instructor }
        if roles.contains(where: learning.contains) { return .student }
        return nil
    }
}
