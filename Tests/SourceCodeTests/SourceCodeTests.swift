import XCTest
import SourceCode

final class TokenizerTests: XCTestCase {
    func testObjectiveCMessageSendWithSelectorParts() throws {
        let file = try SourceFile.read("[self.view addConstraint:[NSLayoutConstraint constraintWithItem:_a attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeLeading multiplier:1.0 constant:20.0f]];",
                                       language: .objectiveC)
        guard case .statement(let statement) = file.root.body.first else { return XCTFail("no statement") }
        let form = try ExpressionParser.statement(statement, language: .objectiveC)
        guard case .expression(.message(let receiver, let selector, let arguments)) = form else { return XCTFail("\(form)") }
        XCTAssertEqual(receiver, .member(.name("self"), "view"))
        XCTAssertEqual(selector, "addConstraint:")
        guard case .message(_, let inner, let innerArguments) = arguments[0] else { return XCTFail("\(arguments)") }
        XCTAssertEqual(inner, "constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:")
        XCTAssertEqual(innerArguments.last, .number(20))
        XCTAssertEqual(innerArguments[0], .name("_a"))
    }

    func testSwiftCallWithLabelsAndLineContinuation() throws {
        let text = """
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: b.trailingAnchor,
                                           constant: 8),
            ])
            a.translatesAutoresizingMaskIntoConstraints = false
            """
        let file = try SourceFile.read(text, language: .swift)
        XCTAssertEqual(file.root.body.count, 2)
        guard case .statement(let first) = file.root.body[0] else { return XCTFail() }
        let form = try ExpressionParser.statement(first, language: .swift)
        guard case .expression(.call(let callee, let arguments)) = form, case .array(let items) = arguments[0].value,
              case .call(_, let labelled) = items[0] else { return XCTFail("\(form)") }
        XCTAssertEqual(callee.path, ["NSLayoutConstraint", "activate"])
        XCTAssertEqual(labelled.map(\.label), ["equalTo", "constant"])
        XCTAssertEqual(labelled[1].value, .number(8))
        guard case .statement(let second) = file.root.body[1] else { return XCTFail() }
        XCTAssertEqual(second.position, SourcePosition(line: 5, column: 1))
    }

    func testDefinesAndSuffixedNumbers() throws {
        let text = """
            #import <UIKit/UIKit.h>
            #define kGap 12.5f
            #define kFormat @"H:|-(gap)-[a]"
            #define kAlias kGap
            CGFloat x = kGap;
            """
        let file = try SourceFile.read(text, language: .objectiveC)
        XCTAssertEqual(file.defines.map(\.name.text), ["kGap", "kFormat", "kAlias"])
        XCTAssertEqual(file.define("kGap"), .number(12.5))
        XCTAssertEqual(file.define("kAlias"), .number(12.5))
        XCTAssertEqual(file.define("kFormat"), .string("H:|-(gap)-[a]", interpolated: false))
        guard case .statement(let statement) = file.root.body.first else { return XCTFail() }
        XCTAssertEqual(try ExpressionParser.statement(statement, language: .objectiveC),
                       .declaration(name: "x", type: "CGFloat", value: .name("kGap")))
    }

    func testPastedTextIsNormalizedWithAWarningPerLine() throws {
        let text = "\u{2014} (void)viewDidLoad {\n    NSString *f = @\u{201C}H:|-[a]\u{201D};\n\u{A0}\u{A0}x = \u{2212}8;\n}"
        let tokens = try TokenizedSource.read(text, language: .objectiveC)
        XCTAssertEqual(tokens.tokens.first?.text, "-")
        XCTAssertTrue(tokens.tokens.contains { $0.isString && $0.text == "H:|-[a]" })
        XCTAssertEqual(tokens.warnings.map(\.line), [1, 2, 3, 3])
        XCTAssertTrue(tokens.warnings[0].message.contains("dash"))
        XCTAssertTrue(tokens.warnings[1].message.contains("quote"))
        XCTAssertTrue(tokens.warnings[2].message.contains("non-breaking"))
    }

    func testCurlyQuotesInsideAStraightQuotedStringStay() throws {
        let tokens = try TokenizedSource.read("let s = \"say \u{201C}hi\u{201D}\"", language: .swift)
        XCTAssertEqual(tokens.tokens.last?.text, "say \u{201C}hi\u{201D}")
        XCTAssertEqual(tokens.warnings, [])
    }

    func testTranscriptLineNumbersAreStrippedKeepingColumns() throws {
        let text = "1  - (UIGravityBehavior *)gravity\n2  {\n3      return _gravity;\n4  }\n"
        let file = try SourceFile.read(text, language: .objectiveC)
        XCTAssertEqual(file.warnings.first?.line, 1)
        XCTAssertTrue(file.warnings.first?.message.contains("line number") == true)
        guard case .block(let block) = file.root.body.first, case .statement(let statement) = block.body.first else {
            return XCTFail("\(file.root)")
        }
        XCTAssertEqual(statement.position, SourcePosition(line: 3, column: 8))
        XCTAssertEqual(block.headerText, "- (UIGravityBehavior *) gravity")
    }

    func testNumbersThatDoNotIncreaseAreNotLineNumbers() throws {
        let tokens = try TokenizedSource.read("3 + 4\n1 + 2\n", language: .swift)
        XCTAssertEqual(tokens.tokens.first?.text, "3")
        XCTAssertEqual(tokens.warnings, [])
    }

    func testUnterminatedStringIsAnErrorAtItsStart() {
        XCTAssertThrowsError(try TokenizedSource.read("let a = 1\nlet s = \"abc\n", language: .swift)) { error in
            XCTAssertEqual((error as? SourceError)?.position, SourcePosition(line: 2, column: 9))
        }
    }

    func testMismatchedBracketIsAnError() {
        XCTAssertThrowsError(try TokenizedSource.read("[a foo:(b]", language: .objectiveC)) { error in
            XCTAssertEqual((error as? SourceError)?.description, "1:10: `]` does not close the `(` opened at 1:8")
        }
    }

    func testLimits() {
        XCTAssertThrowsError(try TokenizedSource.read(String(repeating: "a ", count: 100), language: .swift,
                                                      limits: SourceLimits(maxTokens: 50))) { error in
            XCTAssertTrue((error as? SourceError)?.message.contains("too many tokens") == true)
        }
        XCTAssertThrowsError(try TokenizedSource.read(String(repeating: "(", count: 100), language: .swift)) { error in
            XCTAssertTrue((error as? SourceError)?.message.contains("nested too deeply") == true)
        }
        XCTAssertThrowsError(try TokenizedSource.read(String(repeating: "x", count: 600_000), language: .swift)) { error in
            XCTAssertTrue((error as? SourceError)?.message.contains("too large") == true)
        }
    }

    func testDeepUnaryChainIsAFailureNotACrash() throws {
        let file = try SourceFile.read("x = " + String(repeating: "-", count: 5000) + "1", language: .objectiveC)
        guard case .statement(let statement) = file.root.body.first else { return XCTFail() }
        XCTAssertThrowsError(try ExpressionParser.statement(statement, language: .objectiveC))
    }

    func testSwiftBlocksAndLazyClosures() throws {
        let text = """
            class B: UIDynamicBehavior {
                lazy var gravity: UIGravityBehavior = {
                    let g = UIGravityBehavior()
                    g.magnitude = 0.9
                    return g
                }()
            }
            """
        let file = try SourceFile.read(text, language: .swift)
        guard case .block(let type) = file.root.body.first, case .block(let lazy) = type.body.first else { return XCTFail() }
        XCTAssertEqual(lazy.headerText, "lazy var gravity: UIGravityBehavior =")
        XCTAssertEqual(lazy.body.count, 3)
        let all = file.root.allStatements()
        XCTAssertEqual(all.map { $0.statement.position.line }, [3, 4, 5, 6])
        XCTAssertEqual(all[0].context.count, 2)
    }

    func testLanguageDetection() {
        XCTAssertEqual(SourceLanguage.detect("#import <UIKit/UIKit.h>\n@implementation A\n@end"), .objectiveC)
        XCTAssertEqual(SourceLanguage.detect("import UIKit\nclass A: UIViewController { override func viewDidLoad() {} }"), .swift)
        XCTAssertNil(SourceLanguage.detect("H:|-[a]-|"))
    }
}
