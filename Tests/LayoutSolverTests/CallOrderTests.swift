import XCTest
import LayoutSolver

/// Values read after calls in every order: `updateVariables` writes exactly the values that
/// changed since the previous read, however many calls came in between.
final class CallOrderTests: XCTestCase {
    /// `x == s + 5` is kept as written, naming `s`, a basic variable. Removing `s == 10` makes `s`
    /// parametric (0), so `x` becomes 5; adding `s >= 0` then makes `s` basic again at 0, and the
    /// row of `s` is merged into the definition of `x`, whose constant does not move. A read after
    /// the remove saw `x` change; without it, `x` had to be found through what it named when `s`
    /// changed, not through what it names at the read.
    func testUpdateRemoveAddUpdate() throws {
        let s = Variable("s")
        let x = Variable("x")
        let solver = Solver()
        let fixed: Constraint = s == 10
        let link: Constraint = x == s + 5
        try solver.add(fixed)
        try solver.add(link)
        solver.updateVariables()
        XCTAssertEqual([s.value, x.value], [10, 15])
        try solver.remove(fixed)
        try solver.add(s >= 0)
        solver.updateVariables()
        XCTAssertEqual(x.value - s.value, 5, accuracy: 1e-9, "x == s + 5 must hold: s \(s.value), x \(x.value)")
    }

    /// The same order with an edit variable that stops being edited: `s` falls back to 0 and the
    /// definition of `x` must follow.
    func testUpdateUneditAddUpdate() throws {
        let s = Variable("s")
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(s, strength: .strong)
        try solver.suggestValue(s, 10)
        try solver.add(x == s + 5)
        solver.updateVariables()
        XCTAssertEqual([s.value, x.value], [10, 15])
        try solver.removeEditVariable(s)
        try solver.add(s >= 0)
        solver.updateVariables()
        XCTAssertEqual(x.value - s.value, 5, accuracy: 1e-9, "x == s + 5 must hold: s \(s.value), x \(x.value)")
    }

    /// Two equal required equalities: the second is redundant, so its marker becomes basic with a
    /// row naming only the first one's marker. Removing the first must leave the second in force,
    /// which takes a pivot on that marker's row: an error row that allows the same (zero) step must
    /// not be chosen instead, or the second marker ends up with a row it can leave zero along.
    func testRemovingOneOfTwoEqualRequiredEqualitiesKeepsTheOther() throws {
        let x = Variable("x")
        let solver = Solver()
        let first: Constraint = x == 0
        try solver.add(first)
        try solver.add((x == 0) | .weak)
        let second: Constraint = x == 0
        try solver.add(second)
        try solver.remove(first)
        try solver.add((x == -100) | .strong)
        solver.updateVariables()
        XCTAssertEqual(x.value, 0, accuracy: 1e-9, "the second x == 0 is still required")
    }
}
