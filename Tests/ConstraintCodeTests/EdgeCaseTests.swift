import XCTest
import AutoLayout
import ConstraintCode

/// Hierarchies, branches and values the reader must follow or report.
final class EdgeCaseTests: XCTestCase {
    func lines(_ conversion: LayoutConversion) -> [String] {
        conversion.document.split(separator: "\n").map(String.init)
    }

    func testNestedViewsDeclareTheirParentAndTheRootCannotBeNamedFromInside() throws {
        let text = """
            UIView *panel = [[UIView alloc] init];
            UILabel *title = [[UILabel alloc] init];
            panel.translatesAutoresizingMaskIntoConstraints = NO;
            title.translatesAutoresizingMaskIntoConstraints = NO;
            [self.view addSubview:panel];
            [panel addSubview:title];
            [panel addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[title]-|" options:0 metrics:nil views:NSDictionaryOfVariableBindings(title)]];
            [title.topAnchor constraintEqualToAnchor:panel.topAnchor constant:4].active = YES;
            [title.bottomAnchor constraintEqualToAnchor:self.view.bottomAnchor].active = YES;
            """
        let conversion = try ConstraintCode.convert(text, language: .objectiveC)
        XCTAssertEqual(lines(conversion), ["view panel", "view title label in panel", "H:|-[title]-|", "title.top == panel.top + 4"])
        XCTAssertEqual(conversion.skipped.map(\.line), [9])
        XCTAssertTrue(conversion.skipped[0].reason.contains("inside `panel`"), conversion.skipped[0].reason)
        XCTAssertNoThrow(try LayoutDocument.parse(conversion.document))
    }

    func testElseBranchesAreReportedAndTheFirstBranchIsRead() throws {
        let text = """
            if #available(iOS 11, *) {
                a.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true
            } else {
                a.topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor).isActive = true
            }
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a"])
        XCTAssertEqual(lines(conversion), ["a.top == safeArea.top"])
        XCTAssertEqual(conversion.skipped.map(\.line), [4])
        XCTAssertTrue(conversion.skipped[0].reason.contains("else"))
    }

    func testFormatsBuiltFromConstantsAndDefinedMetrics() throws {
        let text = """
            let kSide: CGFloat = 44
            let prefix = "H:|-"
            override func viewDidLoad() {
                let format = prefix + "[a(side)]"
                view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: format, options: [], metrics: ["side": kSide], views: ["a": a]))
                view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "V:|-[a]-[b]", options: [], metrics: nil, views: ["a": a]))
                view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-\\(gap)-|", options: [], metrics: nil, views: ["a": a]))
            }
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a", "b"])
        XCTAssertEqual(lines(conversion), ["metric side = 44", "H:|-[a(side)]"])
        XCTAssertEqual(conversion.skipped.map(\.line), [6, 7])
        XCTAssertTrue(conversion.skipped[0].reason.contains("`b`"), conversion.skipped[0].reason)
        XCTAssertTrue(conversion.skipped[1].reason.contains("interpolation"), conversion.skipped[1].reason)
    }

    func testPrioritiesOutOfRangeAndSystemSpacingMultipliersAreReported() throws {
        let text = """
            let c = a.widthAnchor.constraint(equalToConstant: 10)
            c.priority = UILayoutPriority(1001)
            c.isActive = true
            a.leadingAnchor.constraint(equalToSystemSpacingAfter: view.leadingAnchor, multiplier: 2).isActive = true
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a"])
        XCTAssertEqual(lines(conversion), ["a.width == 10"])
        XCTAssertEqual(conversion.skipped.map(\.line), [2, 4])
        XCTAssertTrue(conversion.skipped[0].reason.contains("1 to 1000"), conversion.skipped[0].reason)
        XCTAssertTrue(conversion.skipped[1].reason.contains("system spacing times 2"), conversion.skipped[1].reason)
    }
}

final class ConstantChangeTests: XCTestCase {
    func testChangingAKnownConstraintsConstantIsReportedOnce() throws {
        let text = """
            let top = a.topAnchor.constraint(equalTo: view.topAnchor, constant: 8)
            top.isActive = true
            top.constant = 20
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a"])
        XCTAssertEqual(conversion.document, "a.top == superview.top + 8\n")
        XCTAssertEqual(conversion.skipped.map(\.line), [3])
        XCTAssertTrue(conversion.skipped[0].reason.contains("constant"), conversion.skipped[0].reason)
    }
}

/// The names of the root's guides and of margin attributes, as the text format spells them.
final class GuideNameTests: XCTestCase {
    func testBottomGuideAndRootMarginAttributes() throws {
        let text = """
            [box.bottomAnchor constraintEqualToAnchor:self.bottomLayoutGuide.topAnchor].active = YES;
            [self.view addConstraint:[NSLayoutConstraint constraintWithItem:box attribute:NSLayoutAttributeTrailingMargin relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeTrailingMargin multiplier:1 constant:0]];
            box.centerXAnchor.constraint(equalTo: view.layoutMarginsGuide.centerXAnchor).isActive = true
            """
        let objc = try ConstraintCode.convert(text.split(separator: "\n").prefix(2).joined(separator: "\n"),
                                              language: .objectiveC, knownViews: ["box"])
        XCTAssertEqual(objc.document, "box.bottom == bottomLayoutGuide.top\nbox.trailingMargin == superview.trailingMargin\n")
        let swift = try ConstraintCode.convert(String(text.split(separator: "\n")[2]), language: .swift, knownViews: ["box"])
        XCTAssertEqual(swift.document, "box.centerX == margins.centerX\n")
    }
}
