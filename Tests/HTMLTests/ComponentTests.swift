import HTML
import XCTest

/// A component used inside builder blocks renders its body in place, escaped like any fragment.
final class ComponentTests: XCTestCase {
    private struct Badge: Component {
        var text: String
        var tone: String
        var body: HTML { span(.class("status", tone)) { text } }
    }

    private struct Card: Component {
        var title: String
        var badges: [Badge]
        var body: HTML {
            section {
                h2 { title }
                for badge in badges { badge }
                if badges.isEmpty { p { "No badges" } }
            }
        }
    }

    func testAComponentStandsForItsBodyInsideABuilder() {
        let page = div { Card(title: "Checks", badges: [Badge(text: "Passed", tone: "ok"), Badge(text: "Failed", tone: "bad")]) }
        XCTAssertEqual(page.renderString(),
                       #"<div><section><h2>Checks</h2><span class="status ok">Passed</span><span class="status bad">Failed</span></section></div>"#)
        XCTAssertEqual(String(decoding: Card(title: "Empty", badges: []).render(), as: UTF8.self),
                       "<section><h2>Empty</h2><p>No badges</p></section>")
    }

    func testAComponentEscapesWhatItIsGiven() {
        let hostile = Badge(text: "<script>alert(1)</script>", tone: "\"><img src=x onerror=alert(1)>")
        let html = String(decoding: hostile.render(), as: UTF8.self)
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
    }
}
