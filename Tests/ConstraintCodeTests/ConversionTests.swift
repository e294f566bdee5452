import XCTest
import AutoLayout
import ConstraintCode

/// Constraint code in both languages, one fixture per API shape.
final class ConversionTests: XCTestCase {
    func convert(_ text: String, _ language: SourceLanguageName, known: [String]? = nil,
                 file: StaticString = #filePath, line: UInt = #line) throws -> LayoutConversion {
        try ConstraintCode.convert(text, language: language == .swift ? .swift : .objectiveC, knownViews: known)
    }

    enum SourceLanguageName { case swift, objc }

    func body(_ conversion: LayoutConversion) -> [String] {
        conversion.document.split(separator: "\n").map(String.init)
    }

    func testObjectiveCVisualFormatWithVariableBindingsMetricsAndDefines() throws {
        let text = """
            #import <UIKit/UIKit.h>
            #define kRowFormat @"H:|-[_title]-(gap)-[_detail(>=width)]-|"
            static NSString * const kColumn = @"V:|-[_title]";

            @interface RowViewController : UIViewController
            @property (nonatomic, strong) UILabel *title;
            @end

            @implementation RowViewController {
                UILabel *_detail;
            }

            - (void)viewDidLoad {
                [super viewDidLoad];
                _title = [[UILabel alloc] init];
                _detail = [[UILabel alloc] initWithFrame:CGRectZero];
                _title.translatesAutoresizingMaskIntoConstraints = NO;
                [_detail setTranslatesAutoresizingMaskIntoConstraints:NO];
                [self.view addSubview:_title];
                [self.view addSubview:_detail];
                NSDictionary *views = NSDictionaryOfVariableBindings(_title, _detail);
                NSDictionary *metrics = @{@"gap": @12, @"width": @(80.0f)};
                [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:kRowFormat
                                                                                  options:NSLayoutFormatAlignAllCenterY
                                                                                  metrics:metrics
                                                                                    views:views]];
                [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:kColumn options:0 metrics:nil views:views]];
            }
            @end
            """
        let conversion = try convert(text, .objc)
        XCTAssertEqual(conversion.format, .objectiveC)
        XCTAssertEqual(body(conversion), [
            "view title label", "view detail label", "metric gap = 12", "metric width = 80",
            "H:|-[title]-(gap)-[detail(>=width)]-|", "detail.centerY == title.centerY", "V:|-[title]",
        ])
        XCTAssertEqual(conversion.constraints.map(\.line), [23, 27])
        XCTAssertEqual(conversion.skipped, [])
        XCTAssertEqual(conversion.warnings, [])
        _ = try LayoutDocument.parse(conversion.document)
    }

    func testObjectiveCConstraintWithItemPrioritiesAndContentPriorities() throws {
        let text = """
            - (void)viewDidLoad {
                UIButton *button = [UIButton buttonWithType:UIButtonTypeSystem];
                button.translatesAutoresizingMaskIntoConstraints = NO;
                [self.view addSubview:button];
                [self.view addConstraint:[NSLayoutConstraint constraintWithItem:button attribute:NSLayoutAttributeCenterX
                    relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeCenterX multiplier:1.0 constant:0.0]];
                NSLayoutConstraint *width = [NSLayoutConstraint constraintWithItem:button attribute:NSLayoutAttributeWidth
                    relatedBy:NSLayoutRelationGreaterThanOrEqual toItem:nil attribute:NSLayoutAttributeNotAnAttribute
                    multiplier:1 constant:(CGFloat)120.5f];
                width.priority = UILayoutPriorityDefaultLow;
                [button addConstraint:width];
                NSLayoutConstraint *half = [NSLayoutConstraint constraintWithItem:button attribute:NSLayoutAttributeHeight
                    relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeHeight multiplier:0.5 constant:-10];
                [half setPriority:UILayoutPriorityDefaultHigh - 1];
                half.active = YES;
                [button setContentHuggingPriority:UILayoutPriorityRequired forAxis:UILayoutConstraintAxisHorizontal];
                [button setContentCompressionResistancePriority:1 forAxis:UILayoutConstraintAxisVertical];
            }
            """
        let conversion = try convert(text, .objc)
        XCTAssertEqual(body(conversion), [
            "view button button hugging 1000x251 compression 750x1",
            "button.centerX == superview.centerX",
            "button.width >= 120.5 @250",
            "button.height == 0.5 * superview.height - 10 @749",
        ])
        XCTAssertEqual(conversion.skipped, [])
        _ = try LayoutDocument.parse(conversion.document)
    }

    func testObjectiveCAnchorsGuidesAndMargins() throws {
        let text = """
            - (void)viewDidLoad {
                UILabel *name = [UILabel new];
                name.translatesAutoresizingMaskIntoConstraints = NO;
                [self.view addSubview:name];
                [name.topAnchor constraintEqualToAnchor:self.view.safeAreaLayoutGuide.topAnchor constant:8].active = YES;
                [name.leadingAnchor constraintEqualToAnchor:self.view.layoutMarginsGuide.leadingAnchor].active = YES;
                [NSLayoutConstraint activateConstraints:@[
                    [name.widthAnchor constraintLessThanOrEqualToConstant:200],
                    [name.firstBaselineAnchor constraintEqualToSystemSpacingBelowAnchor:self.topLayoutGuide.bottomAnchor multiplier:1],
                    [name.trailingAnchor constraintGreaterThanOrEqualToAnchor:name.layoutMarginsGuide.leadingAnchor constant:-4],
                ]];
            }
            """
        let conversion = try convert(text, .objc)
        XCTAssertEqual(body(conversion), [
            "view name label",
            "name.top == safeArea.top + 8",
            "name.leading == margins.leading",
            "name.width <= 200",
            "name.firstBaseline == topLayoutGuide.bottom + standard",
            "name.trailing >= name.leadingMargin - 4",
        ])
        XCTAssertEqual(conversion.skipped, [])
    }

    func testSwiftVisualFormatWithDictionaryLiterals() throws {
        let text = """
            import UIKit

            class ProfileViewController: UIViewController {
                let avatar = UIImageView()
                private let caption: UILabel = {
                    let label = UILabel()
                    label.translatesAutoresizingMaskIntoConstraints = false
                    return label
                }()
                let spacing: CGFloat = 16

                override func viewDidLoad() {
                    super.viewDidLoad()
                    avatar.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(avatar)
                    view.addSubview(caption)
                    let views: [String: Any] = ["avatar": avatar, "caption": caption]
                    let metrics = ["side": 64, "gap": spacing]
                    var constraints: [NSLayoutConstraint] = []
                    constraints += NSLayoutConstraint.constraints(withVisualFormat: "H:|-[avatar(side)]-(gap)-[caption]-|",
                                                                  options: [.alignAllTop], metrics: metrics, views: views)
                    constraints.append(contentsOf: NSLayoutConstraint.constraints(withVisualFormat: "V:|-[avatar(side)]",
                                                                                  options: [], metrics: metrics, views: views))
                    NSLayoutConstraint.activate(constraints)
                }
            }
            """
        let conversion = try convert(text, .swift)
        XCTAssertEqual(conversion.format, .swift)
        XCTAssertEqual(body(conversion), [
            "view avatar imageView", "view caption label", "metric side = 64", "metric gap = 16",
            "H:|-[avatar(side)]-(gap)-[caption]-|", "caption.top == avatar.top", "V:|-[avatar(side)]",
        ])
        XCTAssertEqual(conversion.warnings, [])
        XCTAssertEqual(conversion.skipped, [])
    }

    func testSwiftItemInitializerAndAnchors() throws {
        let text = """
            override func viewDidLoad() {
                super.viewDidLoad()
                let title = UILabel()
                let box = UIView()
                for v in [title, box] {
                    v.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(v)
                }
                NSLayoutConstraint(item: title, attribute: .centerX, relatedBy: .equal, toItem: view,
                                   attribute: .centerX, multiplier: 1, constant: 0).isActive = true
                let gap = box.topAnchor.constraint(equalToSystemSpacingBelow: title.bottomAnchor, multiplier: 1)
                gap.priority = .defaultHigh
                let wide = box.widthAnchor.constraint(greaterThanOrEqualTo: view.widthAnchor, multiplier: 0.5)
                wide.priority = UILayoutPriority(rawValue: 999)
                NSLayoutConstraint.activate([
                    gap, wide,
                    title.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
                    box.heightAnchor.constraint(equalToConstant: 44),
                    box.leadingAnchor.constraint(equalToSystemSpacingAfter: view.layoutMarginsGuide.leadingAnchor, multiplier: 1),
                ])
                let low = box.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor, constant: -8)
                low.priority = UILayoutPriority(750)
                low.isActive = true
                title.setContentHuggingPriority(.defaultLow, for: .horizontal)
            }
            """
        let conversion = try convert(text, .swift)
        XCTAssertEqual(body(conversion), [
            "view title label hugging 250x251", "view box",
            "title.centerX == superview.centerX",
            "box.top == title.bottom + standard @750",
            "box.width >= 0.5 * superview.width @999",
            "title.top == safeArea.top + 20",
            "box.height == 44",
            "box.leading == margins.leading + standard",
            "box.trailing <= superview.trailing - 8 @750",
        ])
        // The loop only sets up the views, which the reader tracks without running it.
        XCTAssertEqual(conversion.skipped, [])
    }

    func testPastedFromABookObjectiveC() throws {
        let text = "\u{2014} (void)viewDidLoad\n{\n\u{A0}\u{A0}\u{A0}\u{A0}[super viewDidLoad];\n"
            + "    NSDictionary *views = NSDictionaryOfVariableBindings(_button);\n"
            + "    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@\u{201C}H:|-[_button]-|\u{201D}\n"
            + "        options:0 metrics:nil views:views]];\n"
            + "    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:_button attribute:NSLayoutAttributeTop relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeTop multiplier:1 constant:\u{2013}20]];\n}\n"
        let conversion = try ConstraintCode.convert(text)
        XCTAssertEqual(conversion.format, .objectiveC)
        XCTAssertEqual(body(conversion), ["view button", "H:|-[button]-|", "button.top == superview.top - 20"])
        XCTAssertEqual(conversion.warnings, [
            "line 1: a typographic dash (\u{2014}) was read as `-`",
            "line 3: a non-breaking space (U+00A0) was read as a space",
            "line 5: typographic quotes (“ ”) were read as `\"`",
            "line 7: a typographic dash (\u{2013}) was read as `-`",
        ])
    }

    func testPastedFromABookSwift() throws {
        let text = "view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: \u{201C}V:|-[a]-(\u{2212}4)-[b]\u{201D}, options: [], metrics: nil, views: [\u{201C}a\u{201D}: a, \u{201C}b\u{201D}: b]))\n"
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a", "b"])
        XCTAssertEqual(body(conversion), ["V:|-[a]-(\u{2212}4)-[b]"])
        XCTAssertEqual(conversion.warnings.count, 1)
    }

    func testLoopsComputedConstantsAndUnactivatedConstraintsAreSkippedWithTheirPlace() throws {
        let text = """
            override func viewDidLoad() {
                for (index, row) in rows.enumerated() {
                    row.topAnchor.constraint(equalTo: view.topAnchor, constant: CGFloat(index) * 44).isActive = true
                }
                a.widthAnchor.constraint(equalToConstant: view.bounds.width / 3).isActive = true
                b.heightAnchor.constraint(equalToConstant: 30)
                NSLayoutConstraint.activate(rows.map { $0.leadingAnchor.constraint(equalTo: view.leadingAnchor) })
                c.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true
            }
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a", "b", "c"])
        XCTAssertEqual(body(conversion), ["c.leading == superview.leading"])
        XCTAssertEqual(conversion.skipped.map(\.line), [3, 5, 6, 7])
        XCTAssertEqual(conversion.skipped.map(\.column), [9, 5, 5, 5])
        XCTAssertTrue(conversion.skipped[0].reason.contains("inside `for`"), conversion.skipped[0].reason)
        XCTAssertTrue(conversion.skipped[1].reason.contains("view.bounds.width"), conversion.skipped[1].reason)
        XCTAssertTrue(conversion.skipped[2].reason.contains("never activated"), conversion.skipped[2].reason)
        XCTAssertTrue(conversion.skipped[3].reason.contains("closure"), conversion.skipped[3].reason)
    }

    func testKnownViewsAreNotDeclaredAndMatchIgnoringUnderscoreAndCase() throws {
        let text = """
            [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[_Thing1]" options:0 metrics:nil views:NSDictionaryOfVariableBindings(_Thing1)]];
            [self.thing2.bottomAnchor constraintEqualToAnchor:self.view.bottomAnchor].active = YES;
            [self.thing2 setContentHuggingPriority:251 forAxis:UILayoutConstraintAxisVertical];
            """
        let conversion = try ConstraintCode.convert(text, language: .objectiveC, knownViews: ["thing1", "thing2"])
        XCTAssertEqual(body(conversion), ["H:|-[thing1]", "thing2.bottom == superview.bottom"])
        XCTAssertEqual(conversion.skipped.map(\.line), [3])
    }

    func testNamedConstantsBecomeMetrics() throws {
        let text = """
            let inset: CGFloat = 20
            override func viewDidLoad() {
                a.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: inset).isActive = true
                view.trailingAnchor.constraint(equalTo: a.trailingAnchor, constant: -inset).isActive = true
            }
            """
        let conversion = try ConstraintCode.convert(text, language: .swift, knownViews: ["a"])
        XCTAssertEqual(body(conversion), ["metric inset = 20", "a.leading == superview.leading + inset",
                                          "superview.trailing == a.trailing - inset"])
    }

    func testUnreadableFileIsAnErrorWithItsPlace() {
        XCTAssertThrowsError(try ConstraintCode.convert("[a foo:@\"unterminated];\n", language: .objectiveC)) { error in
            XCTAssertEqual((error as? SourceErrorAlias)?.position.line, 1)
        }
    }

    func testJSONFormMatchesTheConvertShape() throws {
        let conversion = try ConstraintCode.convert("a.widthAnchor.constraint(equalToConstant: 10).isActive = true\n",
                                                    language: .swift, knownViews: ["a"])
        XCTAssertEqual(conversion.jsonString(),
                       #"{"format":"swift","scene":null,"size":null,"document":"a.width == 10\n","views":{"a":{"id":"a","kind":"UIView","source":"variable"}},"constraints":[{"line":1,"column":1,"source":"a.widthAnchor.constraint(equalToConstant: 10).isActive = true","text":"a.width == 10"}],"skipped":[],"warnings":[]}"#)
    }
}
