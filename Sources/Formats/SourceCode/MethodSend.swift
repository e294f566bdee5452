/// A method call read as one selector, whichever language wrote it: an Objective-C message
/// `[view addSubview:label]`, or a Swift call `view.addSubview(label)`, both `addSubview:`.
///
/// A Swift call's selector is the method name, then its first argument's label (when it has one)
/// and each further label (`_` when unlabelled), each followed by `:`:
/// `anchor.constraint(equalTo: other, constant: 8)` is `constraint:equalTo:constant:`.
public struct MethodSend: Sendable, Equatable {
    public var receiver: Expression
    public var selector: String
    public var arguments: [Expression]

    /// The send `expression` makes, or `nil` when it is not a message or a method call on a receiver.
    public init?(_ expression: Expression) {
        switch expression {
        case .message(let receiver, let selector, let arguments):
            (self.receiver, self.selector, self.arguments) = (receiver, selector, arguments)
        case .call(.member(let receiver, let method), let arguments):
            self.receiver = receiver
            selector = Self.swiftSelector(method, arguments)
            self.arguments = arguments.map(\.value)
        default:
            return nil
        }
    }

    /// The selector of a Swift call of `method` with `arguments`; just the name without arguments.
    public static func swiftSelector(_ method: String, _ arguments: [Expression.Argument]) -> String {
        guard let first = arguments.first else { return method }
        var selector = method + ":"
        if let label = first.label { selector += label + ":" }
        for argument in arguments.dropFirst() { selector += (argument.label ?? "_") + ":" }
        return selector
    }
}
