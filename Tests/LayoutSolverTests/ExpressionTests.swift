import XCTest
import LayoutSolver

final class ExpressionTests: XCTestCase {
    func testOperatorsBuildTermsAndConstants() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let constraint: Constraint = x + 2 * y - 10 == z
        // x + 2y - 10 - z == 0
        let terms = constraint.expression.terms
        XCTAssertEqual(terms.map(\.coefficient), [1, 2, -1])
        XCTAssert(terms[0].variable === x && terms[1].variable === y && terms[2].variable === z)
        XCTAssertEqual(constraint.expression.constant, -10)
        XCTAssertEqual(constraint.relation, .equal)
        XCTAssertEqual(constraint.strength, .required)

        let scaled = (x - 4) / 2
        XCTAssertEqual(scaled.terms.map(\.coefficient), [0.5])
        XCTAssertEqual(scaled.constant, -2)
        let negated = -(3 * x + 1)
        XCTAssertEqual(negated.terms.map(\.coefficient), [-3])
        XCTAssertEqual(negated.constant, -1)
        let flipped: Constraint = 5 <= x
        XCTAssertEqual(flipped.expression.terms.map(\.coefficient), [-1])
        XCTAssertEqual(flipped.expression.constant, 5)
        XCTAssertEqual(flipped.relation, .lessThanOrEqual)
    }

    func testStrengthOperatorAndDescription() {
        let x = Variable("left")
        let constraint = (x >= 20) | .weak
        XCTAssertEqual(constraint.strength, .weak)
        XCTAssertEqual(constraint.withStrength(.strong).strength, .strong)
        XCTAssertEqual(constraint.description, "left >= 20 (priority 1)")
        XCTAssertEqual(Constraint(2 * x - 3 + 0, .equal).description, "2*left == 3 (required)")
    }

    func testStrengthsAreOrderedPriorities() {
        XCTAssertEqual(Strength.priority(1000), .required)
        XCTAssertEqual(Strength.priority(5000), .required)
        XCTAssertEqual(Strength.priority(-3), .priority(1))
        XCTAssert(Strength.required > .strong && Strength.strong > .medium && Strength.medium > .weak)
        XCTAssert(Strength.priority(999) > .priority(998))
        XCTAssertEqual(Strength.priority(750).description, "priority 750")
        XCTAssertEqual(Strength.required.description, "required")
    }

    func testIdentityEquality() {
        let a = Variable("same"), b = Variable("same")
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        let x = Variable("x")
        let c1: Constraint = x == 1
        let c2: Constraint = x == 1
        XCTAssertNotEqual(c1, c2)
    }
}
