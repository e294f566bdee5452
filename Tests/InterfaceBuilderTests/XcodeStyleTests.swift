import XCTest
import AutoLayout
@testable import InterfaceBuilder

/// Hand-written storyboards and XIBs in the style of several Xcode versions: each converts, and
/// the converted layout puts every view where the file's design frames say.
final class XcodeStyleTests: XCTestCase {
    /// Asserts that solving the conversion in its design scenario gives the file's frames.
    private func assertDesignFramesReproduced(_ conversion: InterfaceBuilderConversion, _ expected: [String: LayoutRect],
                                              file: StaticString = #filePath, line: UInt = #line) {
        guard let document = parsed(conversion, file: file, line: line) else { return }
        let result = document.solve(conversion.scenario)
        XCTAssertTrue(result.isComplete, "\(result.conflicts.map(\.message)) \(result.ambiguities.map(\.message))",
                      file: file, line: line)
        for (name, rect) in expected {
            guard let frame = result.frame(of: name)?.frame else {
                XCTFail("no view \(name) in\n\(conversion.conversion.document)", file: file, line: line)
                continue
            }
            XCTAssertEqual(frame, rect, name, file: file, line: line)
        }
    }

    func testXcode5StoryboardWithIOS7GuidesInANavigationController() throws {
        let bytes = try fixture("xcode5-recipe.storyboard")
        XCTAssertEqual(try InterfaceBuilder.scenes(in: bytes).map(\.id), ["rcS-cn-e01"])
        let conversion = try XCTUnwrap(convert(bytes, scene: "Recipe"))
        // Pushed by the navigation controller: status bar and navigation bar above the top guide.
        XCTAssertEqual(conversion.scenario.topBar, 44)
        XCTAssertEqual(conversion.conversion.size, LayoutSize(width: 320, height: 568))
        XCTAssertEqual(conversion.conversion.views.map(\.name), ["titleLabel", "imageView1", "cookButton"])
        XCTAssertEqual(conversion.conversion.views.map(\.source), ["outlet", "kind", "outlet"])
        let texts = conversion.conversion.constraints.map(\.text)
        XCTAssertEqual(texts, [
            "titleLabel.top == topLayoutGuide.bottom + standard",
            "titleLabel.leading == superview.leading + standard",
            "imageView1.top == titleLabel.bottom + standard",
            "imageView1.leading == superview.leading + standard",
            "superview.trailing == imageView1.trailing + standard",
            "imageView1.width == 1.3333333333333333 * imageView1.height",
            "superview.centerX == cookButton.centerX",
            "bottomLayoutGuide.top == cookButton.bottom + 20",
        ])
        XCTAssertEqual(conversion.conversion.constraints[0].source, "Top Space to: Top Layout Guide = 8 (c01-Tp-001)")
        XCTAssertEqual(conversion.conversion.constraints[4].source, "Trailing Space to: Superview = 20 (c05-Tr-001)")
        XCTAssertEqual(conversion.conversion.constraints[6].source, "Align Center X to: Superview (c07-Cx-001)")
        // The placeholder is removed at build time; the bar button's custom view belongs to no scene.
        XCTAssertEqual(conversion.conversion.skipped.map(\.line), [62, 75])
        XCTAssertTrue(conversion.conversion.skipped[0].reason.contains("placeholder"))
        XCTAssertTrue(conversion.conversion.skipped[1].reason.contains("bar button"))
        assertDesignFramesReproduced(conversion, [
            "titleLabel": LayoutRect(x: 20, y: 72, width: 78, height: 21),
            "imageView1": LayoutRect(x: 20, y: 101, width: 280, height: 210),
            "cookButton": LayoutRect(x: 137, y: 518, width: 46, height: 30),
        ])
    }

    func testXcode9StoryboardWithSafeAreaMarginsBaselinesAndSizeClasses() throws {
        let bytes = try fixture("xcode9-form.storyboard")
        let conversion = try XCTUnwrap(convert(bytes))
        XCTAssertEqual(conversion.sizeClasses, SizeClasses(width: .compact, height: .regular))
        XCTAssertEqual(conversion.conversion.views.map(\.name), ["headerBar", "Panel", "cancelButton", "saveButton"])
        let texts = conversion.conversion.constraints.map(\.text)
        XCTAssertTrue(texts.contains("headerBar.top == safeArea.top"))
        XCTAssertTrue(texts.contains("headerBar.leading == superview.leadingMargin"))
        XCTAssertTrue(texts.contains("saveButton.lastBaseline == cancelButton.lastBaseline"))
        XCTAssertTrue(texts.contains("saveButton.leading >= cancelButton.trailing + standard"))
        XCTAssertTrue(texts.contains("Panel.height == 200"))
        XCTAssertFalse(texts.contains("Panel.height == 100"))
        let source = try XCTUnwrap(conversion.conversion.constraints.first { $0.source.hasSuffix("(JRZ-8J-Ruo)") })
        XCTAssertEqual(source.source, "Bottom Space to: Safe Area = 20 (JRZ-8J-Ruo)")
        XCTAssertEqual(source.text, "safeArea.bottom == cancelButton.bottom + 20")
        XCTAssertTrue(conversion.conversion.skipped.contains { $0.reason.contains("cpH-Ct-009") })
        assertDesignFramesReproduced(conversion, [
            "headerBar": LayoutRect(x: 16, y: 20, width: 343, height: 44),
            "Panel": LayoutRect(x: 16, y: 72, width: 343, height: 200),
            "cancelButton": LayoutRect(x: 16, y: 617, width: 48, height: 30),
            "saveButton": LayoutRect(x: 325, y: 617, width: 34, height: 30),
        ])
        // Landscape on a phone is compact height: the other panel height applies.
        let landscape = try InterfaceBuilder.convert(bytes, sizeClasses: SizeClasses(screen: LayoutSize(width: 667, height: 375)))
        XCTAssertEqual(landscape.sizeClasses.height, .compact)
        XCTAssertTrue(landscape.conversion.constraints.map(\.text).contains("Panel.height == 100"))
        XCTAssertFalse(landscape.conversion.constraints.map(\.text).contains("Panel.height == 200"))
    }

    func testXcode15StoryboardWithAScrollViewControlsAndFractionalFrames() throws {
        let conversion = try XCTUnwrap(convert(try fixture("xcode15-article.storyboard"), scene: "Article"))
        XCTAssertEqual(conversion.conversion.size, LayoutSize(width: 393, height: 852))
        let document = conversion.conversion.document
        XCTAssertTrue(document.contains("view segmentedControl1 view 136.66666666666669x32 in Page"), document)
        // A switch's frame is 2 points wider than its alignment rectangle, a slider's 4.
        XCTAssertTrue(document.contains("view switch1 view 49x31 hugging 750x750 in Page"), document)
        XCTAssertTrue(document.contains("view slider1 view 377x31 in Page"), document)
        XCTAssertTrue(document.contains("view searchField view 339.3x34 compression 749x750 in Page"), document)
        XCTAssertTrue(document.contains("guide scrollView1Content in scrollView1"), document)
        let texts = conversion.conversion.constraints.map(\.text)
        XCTAssertTrue(texts.contains("Page.top == scrollView1Content.top"))
        XCTAssertTrue(texts.contains("Page.width == scrollView1.width"))
        XCTAssertTrue(texts.contains("searchField.width == 0.9 * slider1.width @750"))
        assertDesignFramesReproduced(conversion, [
            "scrollView1": LayoutRect(x: 0, y: 59, width: 393, height: 759),
            "Page": LayoutRect(x: 0, y: 0, width: 393, height: 1200),
            "segmentedControl1": LayoutRect(x: 8, y: 8, width: 136.666667, height: 32),
            "switch1": LayoutRect(x: 336, y: 8.5, width: 49, height: 31),
            "slider1": LayoutRect(x: 8, y: 48, width: 377, height: 31),
            "searchField": LayoutRect(x: 8, y: 87, width: 339.3, height: 34),
        ])
    }

    func testXIBTopLevelViewsAreScenesWithTheDevicesSafeArea() throws {
        let bytes = try fixture("cards.xib")
        XCTAssertEqual(try InterfaceBuilder.scenes(in: bytes).map(\.title), ["Card", "Strip"])
        do {
            _ = try InterfaceBuilder.convert(bytes)
            XCTFail("two scenes need --scene")
        } catch {
            XCTAssertTrue(error.message.contains("2 scenes"), error.message)
            XCTAssertTrue(error.message.contains("Card"), error.message)
        }
        let card = try XCTUnwrap(convert(bytes, scene: "Card"))
        XCTAssertEqual(card.conversion.format, .xib)
        XCTAssertEqual(card.scenario.safeAreaInsets, LayoutInsets(top: 44, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(card.conversion.views.map(\.name), ["cardTitle", "activityIndicatorView1", "Badge"])
        assertDesignFramesReproduced(card, [
            "cardTitle": LayoutRect(x: 20, y: 52, width: 33, height: 20.5),
            "activityIndicatorView1": LayoutRect(x: 374, y: 52, width: 20, height: 20),
            "Badge": LayoutRect(x: 20, y: 100, width: 40, height: 40),
        ])
        // Edges between a scroll view and its content define the content size (the older rule,
        // without layout guides): the tiles are as wide as they say, as high as the scroll view.
        let strip = try XCTUnwrap(convert(bytes, scene: "lsT-Vw-002"))
        XCTAssertTrue(strip.conversion.constraints.map(\.text).contains("scrollView1Content.trailing == Tiles.trailing"), strip.conversion.document)
        assertDesignFramesReproduced(strip, [
            "scrollView1": LayoutRect(x: 0, y: 0, width: 320, height: 200),
            "Tiles": LayoutRect(x: 0, y: 0, width: 960, height: 200),
        ])
    }

    func testXcode46StoryboardWithARootViewBelowTheStatusBar() throws {
        let conversion = try XCTUnwrap(convert(try fixture("xcode46-legacy.storyboard")))
        XCTAssertEqual(conversion.scenario.statusBar, 0)
        XCTAssertEqual(conversion.conversion.size, LayoutSize(width: 320, height: 548))
        XCTAssertEqual(conversion.conversion.constraints.map(\.text), [
            "button1.top == superview.top + standard",
            "button1.leading == superview.leading + standard",
            "button1.width == 0.8875 * superview.width",
        ])
        // No frames for subviews: no intrinsic size, and the button's height is left open.
        XCTAssertTrue(conversion.conversion.document.contains("view button1 button hugging 250x250\n"))
    }

    func testRefusedElementsNameTheElementAndItsLine() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="a">
                        <objects>
                            <viewController id="b" sceneMemberID="viewController">
                                <view key="view" id="c">
                                    <subviews>
                                        <containerView id="d"/>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        do {
            _ = try InterfaceBuilder.convert(Array(text.utf8))
            XCTFail("container views are refused")
        } catch {
            XCTAssertEqual(error.line, 9)
            XCTAssertTrue(error.message.contains("<containerView> at line 9"), error.message)
        }
    }

    func testHostileAndTruncatedStoryboardsAreErrorsAtALineAndColumn() throws {
        let bytes = try fixture("xcode9-form.storyboard")
        for length in stride(from: 0, to: bytes.count, by: 97) {
            do {
                _ = try InterfaceBuilder.convert(Array(bytes[..<length]))
                XCTFail("a storyboard cut at \(length) bytes converted")
            } catch {
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertGreaterThanOrEqual(error.column, 1)
            }
        }
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [<!ENTITY a \"b\">]>\n<document/>"
        do {
            _ = try InterfaceBuilder.convert(Array(doctype.utf8))
            XCTFail("a DOCTYPE is refused")
        } catch {
            XCTAssertEqual("\(error.line):\(error.column)", "2:1")
        }
    }

    func testMultipliersAsDecimalsRatiosAndFractions() {
        XCTAssertEqual(Multiplier.parse("1.1"), 1.1)
        XCTAssertEqual(Multiplier.parse("71:80"), 71.0 / 80)
        XCTAssertEqual(Multiplier.parse("1/3"), 1.0 / 3)
        XCTAssertNil(Multiplier.parse("1:0"))
        XCTAssertNil(Multiplier.parse("abc"))
        XCTAssertNil(Multiplier.parse("nan"))
    }

    func testStackViewsBecomeTheirArrangementsConstraints() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" useAutolayout="YES">
                <scenes>
                    <scene sceneID="stK-Sc-001">
                        <objects>
                            <viewController id="stK-VC-001" sceneMemberID="viewController">
                                <view key="view" id="stK-Rt-001">
                                    <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                                    <subviews>
                                        <stackView opaque="NO" axis="vertical" distribution="fillEqually" alignment="center" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="stK-Sv-001" userLabel="Column">
                                            <rect key="frame" x="20" y="20" width="60" height="70"/>
                                            <subviews>
                                                <label text="One" translatesAutoresizingMaskIntoConstraints="NO" id="stK-Lb-001" userLabel="one">
                                                    <rect key="frame" x="12" y="0.0" width="36" height="30"/>
                                                </label>
                                                <label text="Two" hidden="YES" translatesAutoresizingMaskIntoConstraints="NO" id="stK-Lb-002" userLabel="hiddenTwo">
                                                    <rect key="frame" x="0.0" y="40" width="60" height="30"/>
                                                </label>
                                                <button translatesAutoresizingMaskIntoConstraints="NO" id="stK-Bt-003" userLabel="three">
                                                    <rect key="frame" x="0.0" y="40" width="60" height="30"/>
                                                </button>
                                            </subviews>
                                        </stackView>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="stK-Sv-001" firstAttribute="top" secondItem="stK-Rt-001" secondAttribute="top" constant="20" id="stK-C1-001"/>
                                        <constraint firstItem="stK-Sv-001" firstAttribute="leading" secondItem="stK-Rt-001" secondAttribute="leading" constant="20" id="stK-C2-001"/>
                                    </constraints>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let conversion = try XCTUnwrap(convert(Array(text.utf8)))
        XCTAssertEqual(conversion.conversion.views.map(\.name), ["Column", "one", "three"])
        XCTAssertTrue(conversion.conversion.warnings.contains { $0.contains("hidden") })
        XCTAssertTrue(conversion.conversion.constraints.map(\.text).contains("three.top == one.bottom + 10"))
        XCTAssertTrue(conversion.conversion.constraints.map(\.text).contains("three.height == one.height"))
        assertDesignFramesReproduced(conversion, [
            "Column": LayoutRect(x: 20, y: 20, width: 60, height: 70),
            "one": LayoutRect(x: 12, y: 0, width: 36, height: 30),
            "three": LayoutRect(x: 0, y: 40, width: 60, height: 30),
        ])
        let spacing = text.replacingOccurrences(of: "</stackView>", with: "<variation key=\"heightClass=compact\" spacing=\"4\"/></stackView>")
        do {
            _ = try InterfaceBuilder.convert(Array(spacing.utf8))
            XCTFail("a variation of the stack's spacing is refused")
        } catch {
            XCTAssertTrue(error.message.contains("stack view's properties"), error.message)
        }
    }
}
