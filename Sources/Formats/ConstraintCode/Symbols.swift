import SourceCode

/// What the code declares and assigns, found before any constraint is read: each name's
/// values with the blocks it is visible in, so a use finds the nearest declaration.
struct Symbols {
    struct Entry {
        let name: String
        let value: Expression
        /// The positions of the blocks around the declaration, outermost first.
        let scope: [SourcePosition]
        let position: SourcePosition
    }

    private(set) var entries: [String: [Entry]] = [:]
    let file: SourceFile

    init(file: SourceFile) { self.file = file }

    mutating func add(_ name: String, _ value: Expression, scope: [SourcePosition], at position: SourcePosition) {
        entries[name, default: []].append(Entry(name: name, value: value, scope: scope, position: position))
    }

    /// The value of a name seen from a statement: the entry in the innermost enclosing block,
    /// the last one before the use (or else the first after it); then `#define`s.
    func value(of name: String, scope: [SourcePosition], at position: SourcePosition) -> Expression? {
        if let candidates = entries[name] {
            let visible = candidates.filter { $0.scope.count <= scope.count && Array(scope.prefix($0.scope.count)) == $0.scope }
            if let deepest = visible.map(\.scope.count).max() {
                let level = visible.filter { $0.scope.count == deepest }
                if let before = level.last(where: { $0.position < position }) { return before.value }
                if let after = level.first { return after.value }
            }
        }
        return file.define(name)
    }

    /// Every value a name is given anywhere, in source order.
    func allValues(of name: String) -> [Entry] { entries[name] ?? [] }
}
