import AutoLayout
import ConstraintCode
import SourceCode

/// The forms a submission comes in. Layout exercises take the layout text format, an Interface
/// Builder storyboard or XIB, or Swift or Objective-C constraint code; dynamics exercises take a
/// behavior tree as JSON, or Swift or Objective-C `UIDynamicBehavior` code. Whatever the form,
/// it is converted to the exercise's own format and graded the same way.
public enum SubmissionForm: String, Sendable, Equatable, CaseIterable {
    /// The exercise's own format: the layout text format, or a behavior tree as JSON.
    case text
    /// Interface Builder XML: a `.storyboard` or a `.xib`.
    case storyboard
    case swift
    case objectiveC = "objc"

    /// How the form is named to people.
    public var title: String {
        switch self {
        case .text: "Lectern's own format"
        case .storyboard: "storyboard or XIB"
        case .swift: "Swift"
        case .objectiveC: "Objective-C"
        }
    }

    /// The form a media type names: `application/x-ib+xml`, `text/x-swift`,
    /// `text/x-objective-c`; nil for plain text and JSON, whose form is detected from the content.
    public static func declared(byMediaType mediaType: String) -> SubmissionForm? {
        switch mediaType.lowercased() {
        case "application/x-ib+xml", "application/x-xcode-storyboard": .storyboard
        case "text/x-swift", "text/swift": .swift
        case "text/x-objective-c", "text/x-objcsrc", "text/x-objc": .objectiveC
        default: nil
        }
    }

    /// The form of an uploaded file by its name's extension, if it says.
    public static func declared(byFileName name: String) -> SubmissionForm? {
        let lower = name.lowercased()
        if lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib") { return .storyboard }
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h") { return .objectiveC }
        return nil
    }

    /// The form of `text`, read from its content: XML is a storyboard, code that makes
    /// constraints or behaviors is Swift or Objective-C, anything else is the exercise's format.
    public static func detect(_ text: String) -> SubmissionForm {
        let start = text.unicodeScalars.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if start.first == "<" { return .storyboard }
        if start.first == "{" { return .text }
        guard looksLikeCode(text) else { return .text }
        switch SourceLanguage.detect(text) {
        case .swift: return .swift
        case .objectiveC: return .objectiveC
        case nil: return .text
        }
    }

    /// Whether `text` reads as Swift or Objective-C that makes constraints or dynamic behaviors.
    static func looksLikeCode(_ text: String) -> Bool {
        ConstraintCode.looksLikeCode(text)
            || TextMarks(text).containsAny(["UIDynamicBehavior", "UIGravityBehavior", "UICollisionBehavior", "UIDynamicAnimator",
                                            "addChildBehavior"])
    }
}
