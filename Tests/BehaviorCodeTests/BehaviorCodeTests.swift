import Foundation
import XCTest
import Dynamics
import Grading
import JSON
import SourceCode
import BehaviorCode

/// The same value with object members in a fixed order, so trees compare by content.
func canonical(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
        return .object(JSONObject(object.map { ($0.key, canonical($0.value)) }.sorted { $0.0 < $1.0 }))
    case .array(let items):
        return .array(items.map(canonical))
    default:
        return value
    }
}

func tree(_ json: String) throws -> JSONValue { canonical(try JSONParser.parse(json)) }

final class BehaviorReaderTests: XCTestCase {
    /// The lecture's DropitBehavior as a transcript prints it: numbered lines, typographic
    /// characters and a missing underscore in one `if`.
    static let transcript = """
        1  #import "DropitBehavior.h"
        2
        3  @interface DropitBehavior()
        4  @property (strong, nonatomic) UIGravityBehavior *gravity;
        5  @property (strong, nonatomic) UICollisionBehavior *collider;
        6  @property (strong, nonatomic) UIDynamicItemBehavior *animationOptions;
        7  @end
        8
        9  @implementation DropitBehavior
        10
        11 \u{2014} (UIGravityBehavior *)gravity
        12 {
        13     if (!gravity) {
        14         _gravity = [[UIGravityBehavior alloc] init];
        15         _gravity.magnitude = 0.9;
        16     }
        17     return _gravity;
        18 }
        19
        20 \u{2014} (UICollisionBehavior *)collider
        21 {
        22     if (!_collider) {
        23         _collider = [[UICollisionBehavior alloc] init];
        24         _collider.translatesReferenceBoundsIntoBoundary\u{A0}= YES;
        25     }
        26     return _collider;
        27 }
        28
        29 \u{2014} (UIDynamicItemBehavior *)animationOptions
        30 {
        31     if (!_animationOptions) {
        32         _animationOptions = [[UIDynamicItemBehavior alloc] init];
        33         _animationOptions.allowsRotation = NO;
        34     }
        35     return _animationOptions;
        36 }
        37
        38 \u{2014} (void)addItem:(id <UIDynamicItem>)item
        39 {
        40     [self.gravity addItem:item];
        41     [self.collider addItem:item];
        42     [self.animationOptions addItem:item];
        43 }
        44
        45 \u{2014} (void)removeItem:(id <UIDynamicItem>)item
        46 {
        47     [self.gravity removeItem:item];
        48     [self.collider removeItem:item];
        49     [self.animationOptions removeItem:item];
        50 }
        51
        52 \u{2014} (instancetype)init
        53 {
        54     self = [super init];
        55     [self addChildBehavior:self.gravity];
        56     [self addChildBehavior:self.collider];
        57     [self addChildBehavior:self.animationOptions];
        58     return self;
        59 }
        60
        61 @end
        """

    func testTranscriptListingOfTheDemoBehavior() throws {
        let conversion = try BehaviorCode.convert(Self.transcript, items: ["drop"])
        XCTAssertEqual(conversion.language, .objectiveC)
        XCTAssertEqual(canonical(conversion.tree), try tree("""
            {"type": "composite", "children": [
              {"type": "gravity", "magnitude": 0.9},
              {"type": "collision", "translatesReferenceBoundsIntoBoundary": true},
              {"type": "itemBehavior", "allowsRotation": false}
            ]}
            """))
        XCTAssertEqual(conversion.skipped, [])
        XCTAssertEqual(conversion.warnings, [
            "line 1: every line starts with a line number (a copied listing): the numbers were removed",
            "line 11: a typographic dash (\u{2014}) was read as `-`",
            "line 13: `if (!gravity)` tests `gravity`, but the getter's instance variable is `_gravity` (a compiler stops here); read as `_gravity`",
            "line 20: a typographic dash (\u{2014}) was read as `-`",
            "line 24: a non-breaking space (U+00A0) was read as a space",
            "line 29: a typographic dash (\u{2014}) was read as `-`",
            "line 38: a typographic dash (\u{2014}) was read as `-`",
            "line 45: a typographic dash (\u{2014}) was read as `-`",
            "line 52: a typographic dash (\u{2014}) was read as `-`",
        ])
    }

    func testSwiftSubclassWithLazyVarsAndInitializersWithItems() throws {
        let text = """
            import UIKit

            class FallingBehavior: UIDynamicBehavior {
                let gravity = UIGravityBehavior(items: [])
                lazy var collider: UICollisionBehavior = {
                    let lazilyCreatedCollider = UICollisionBehavior()
                    lazilyCreatedCollider.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
                    lazilyCreatedCollider.collisionMode = .everything
                    lazilyCreatedCollider.addBoundary(withIdentifier: "shelf" as NSString, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 160, y: 300))
                    lazilyCreatedCollider.addBoundary(withIdentifier: "box" as NSString, for: UIBezierPath(rect: CGRect(x: 200, y: 200, width: 40, height: 40)))
                    return lazilyCreatedCollider
                }()
                private lazy var itemBehavior: UIDynamicItemBehavior = {
                    let behavior = UIDynamicItemBehavior()
                    behavior.allowsRotation = false
                    behavior.elasticity = 0.75
                    behavior.friction = 0.2
                    behavior.density = 2
                    behavior.resistance = 0.1
                    behavior.angularResistance = 0.3
                    return behavior
                }()

                override init() {
                    super.init()
                    gravity.gravityDirection = CGVector(dx: 0, dy: 2)
                    addChildBehavior(gravity)
                    addChildBehavior(collider)
                    addChildBehavior(itemBehavior)
                }

                func addItem(_ item: UIDynamicItem) {
                    gravity.addItem(item)
                    collider.addItem(item)
                    itemBehavior.addItem(item)
                }
            }
            """
        let conversion = try BehaviorCode.convert(text, items: ["a", "b"])
        XCTAssertEqual(conversion.language, .swift)
        XCTAssertEqual(canonical(conversion.tree), try tree("""
            {"type": "composite", "children": [
              {"type": "gravity", "angle": \(Double.pi / 2), "magnitude": 2},
              {"type": "collision", "translatesReferenceBoundsIntoBoundary": true,
               "insets": {"top": 10, "left": 0, "bottom": 0, "right": 0}, "mode": "everything",
               "boundaries": [{"id": "shelf", "from": [0, 300], "to": [160, 300]}, {"id": "box", "rect": [200, 200, 40, 40]}]},
              {"type": "itemBehavior", "allowsRotation": false, "elasticity": 0.75, "friction": 0.2, "density": 2,
               "resistance": 0.1, "angularResistance": 0.3}
            ]}
            """))
        XCTAssertEqual(conversion.skipped, [])
        XCTAssertEqual(conversion.warnings, [])
    }

    func testViewControllerAddingBehaviorsToAnAnimatorWithNamedItems() throws {
        let text = """
            @interface DropViewController ()
            @property (strong, nonatomic) UIDynamicAnimator *animator;
            @property (strong, nonatomic) UIView *dropView;
            @property (strong, nonatomic) UIAttachmentBehavior *attachment;
            @end

            @implementation DropViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.animator = [[UIDynamicAnimator alloc] initWithReferenceView:self.view];
                UIPushBehavior *push = [[UIPushBehavior alloc] initWithItems:@[self.dropView] mode:UIPushBehaviorModeContinuous];
                push.pushDirection = CGVectorMake(3, 4);
                self.attachment = [[UIAttachmentBehavior alloc] initWithItem:self.dropView offsetFromCenter:UIOffsetMake(0, -10) attachedToAnchor:CGPointMake(60, 100)];
                self.attachment.length = 40;
                self.attachment.damping = 0.5;
                self.attachment.frequency = 2;
                UISnapBehavior *snap = [[UISnapBehavior alloc] initWithItem:_dropView snapToPoint:CGPointMake(160, 240)];
                snap.damping = 0.8;
                UIGravityBehavior *gravity = [[UIGravityBehavior alloc] initWithItems:@[self.dropView]];
                [gravity setAngle:M_PI_2 magnitude:1.5];
                [self.animator addBehavior:gravity];
                [self.animator addBehavior:push];
                [self.animator addBehavior:self.attachment];
                [self.animator addBehavior:snap];
            }

            - (IBAction)pan:(UIPanGestureRecognizer *)sender {
                self.attachment.anchorPoint = [sender locationInView:self.view];
            }
            @end
            """
        let conversion = try BehaviorCode.convert(text, items: ["drop"], behaviorIDs: ["grab"])
        XCTAssertEqual(canonical(conversion.tree), try tree("""
            {"type": "composite", "children": [
              {"type": "gravity", "items": ["drop"], "angle": \(Double.pi / 2), "magnitude": 1.5},
              {"type": "push", "items": ["drop"], "mode": "continuous", "angle": \(atan2(4.0, 3.0)), "magnitude": 5},
              {"type": "attachment", "id": "grab", "item": "drop", "offset": [0, -10], "anchor": [60, 100],
               "length": 40, "damping": 0.5, "frequency": 2},
              {"type": "snap", "item": "drop", "point": [160, 240], "damping": 0.8}
            ]}
            """))
        XCTAssertEqual(conversion.skipped.map(\.line), [27])
        XCTAssertTrue(conversion.skipped[0].reason.contains("gesture handler"), conversion.skipped[0].reason)
        XCTAssertEqual(conversion.warnings, ["line 13: the attachment `attachment` is read as the attachment \"grab\" that the exercise moves"])
    }

    func testActionBlocksDelegatesAndComputedValuesAreReportedWithTheirLine() throws {
        let text = """
            - (UICollisionBehavior *)collider {
                if (!_collider) {
                    _collider = [[UICollisionBehavior alloc] init];
                    _collider.collisionDelegate = self;
                    [_collider addBoundaryWithIdentifier:@"ring" forPath:[UIBezierPath bezierPathWithOvalInRect:CGRectMake(0, 0, 100, 50)]];
                    _collider.translatesReferenceBoundsIntoBoundary = YES;
                }
                return _collider;
            }
            - (UIGravityBehavior *)gravity {
                if (!_gravity) {
                    _gravity = [[UIGravityBehavior alloc] init];
                    _gravity.magnitude = self.view.bounds.size.height / 100;
                    _gravity.action = ^{
                        NSLog(@"tick");
                    };
                }
                return _gravity;
            }
            - (void)collisionBehavior:(UICollisionBehavior *)behavior beganContactForItem:(id <UIDynamicItem>)item withBoundaryIdentifier:(id <NSCopying>)identifier atPoint:(CGPoint)p {
                [self.gravity removeItem:item];
            }
            - (instancetype)init {
                self = [super init];
                [self addChildBehavior:self.gravity];
                [self addChildBehavior:self.collider];
                return self;
            }
            """
        let conversion = try BehaviorCode.convert(text, language: .objectiveC)
        guard case .object(let root) = conversion.tree, case .array(let children)? = root["children"],
              case .object(let collision) = children[1], case .array(let boundaries)? = collision["boundaries"] else {
            return XCTFail("\(conversion.tree)")
        }
        XCTAssertEqual(children[0], .object(JSONObject([("type", .string("gravity"))])))
        XCTAssertEqual(boundaries.count, 24)
        XCTAssertEqual(conversion.skipped.map(\.line), [4, 13, 14, 20])
        XCTAssertTrue(conversion.skipped[1].reason.contains("self.view.bounds.size.height"), conversion.skipped[1].reason)
        XCTAssertTrue(conversion.skipped[2].reason.contains("action block"), conversion.skipped[2].reason)
        XCTAssertTrue(conversion.skipped[3].reason.contains("collision delegate"), conversion.skipped[3].reason)
        XCTAssertEqual(conversion.warnings.count, 1)
    }

    func testInactivePushIsLeftOutAndUnreadableFilesFailWithTheirPlace() throws {
        let text = """
            let push = UIPushBehavior(items: [], mode: .instantaneous)
            push.magnitude = 2
            push.angle = .pi / 4
            push.active = false
            let gravity = UIGravityBehavior()
            animator.addBehavior(push)
            animator.addBehavior(gravity)
            """
        let conversion = try BehaviorCode.convert(text, language: .swift)
        XCTAssertEqual(canonical(conversion.tree), try tree(#"{"type": "composite", "children": [{"type": "gravity"}]}"#))
        XCTAssertEqual(conversion.warnings.count, 1)
        XCTAssertThrowsError(try BehaviorCode.convert("let g = UIGravityBehavior(\n", language: .swift)) { error in
            XCTAssertEqual((error as? SourceError)?.position, SourcePosition(line: 1, column: 26))
        }
    }

    func testJSONForm() throws {
        let conversion = try BehaviorCode.convert("animator.addBehavior(UIGravityBehavior())\n", language: .swift)
        var writer = JSONWriter()
        conversion.writeJSON(to: &writer)
        XCTAssertEqual(writer.string, #"{"format":"swift","tree":{"type":"composite","children":[]},"skipped":[{"line":1,"column":1,"reason":"`animator.addBehavior(UIGravityBehavior())`: the behavior is not one the reader can name"}],"warnings":[]}"#)
    }
}

final class BehaviorLocationTests: XCTestCase {
    func testGraderMessagesAboutTheTreeNameTheSourceLine() throws {
        let text = """
            - (UIDynamicItemBehavior *)animationOptions {
                if (!_animationOptions) {
                    _animationOptions = [[UIDynamicItemBehavior alloc] init];
                    _animationOptions.allowsRotation = NO;
                    _animationOptions.friction = 500;
                }
                return _animationOptions;
            }
            - (instancetype)init {
                self = [super init];
                [self addChildBehavior:self.gravity];
                [self addChildBehavior:self.animationOptions];
                return self;
            }
            - (UIGravityBehavior *)gravity {
                if (!_gravity) { _gravity = [[UIGravityBehavior alloc] init]; }
                return _gravity;
            }
            """
        let conversion = try BehaviorCode.convert(text, language: .objectiveC)
        XCTAssertEqual(conversion.line(for: "$.children[1].allowsRotation"), 4)
        XCTAssertEqual(conversion.line(for: "$.children[1].friction"), 5)
        XCTAssertEqual(conversion.line(for: "$.children[1].density"), 3)
        XCTAssertEqual(conversion.line(for: "$.children[0]"), 16)
        let folder = exercisesFolder.appendingPathComponent("steady-stacks")
        let exercise = try Exercise.load(files: try readFiles(in: folder))
        let report = Grader.grade(exercise, submission: conversion.tree.serialized(), options: GradeOptions(pictures: false))
        XCTAssertEqual(report.outcome, .rejected)
        let message = try XCTUnwrap(report.diagnostics.first)
        XCTAssertTrue(conversion.located(message).hasPrefix("line 5: $.children[1].friction"), conversion.located(message))
    }
}

final class BehaviorMalformedCallTests: XCTestCase {
    func testCallsMissingArgumentsAreSkippedNotACrash() throws {
        let text = """
            let gravity = UIGravityBehavior()
            gravity.setAngle(magnitude: 2)
            let collider = UICollisionBehavior()
            collider.addBoundary(withIdentifier: "a" as NSString, for: 3)
            animator.addBehavior(gravity)
            animator.addBehavior(collider)
            """
        let conversion = try BehaviorCode.convert(text, language: .swift)
        XCTAssertEqual(conversion.skipped.map(\.line), [2, 4])
        XCTAssertEqual(canonical(conversion.tree), try tree(#"{"type": "composite", "children": [{"type": "gravity"}, {"type": "collision"}]}"#))
    }
}
