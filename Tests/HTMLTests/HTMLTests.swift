import XCTest
import HTML

final class HTMLTests: XCTestCase {
    func testElementsAttributesConditionalsAndLoops() {
        let steps = ["Intro", "Layout"]
        let draft = true
        let page = div(.class("lecture", "wide"), .id("l3")) {
            h1 { "Lecture \(3)" }
            if draft { span(.class("badge")) { "Draft" } } else { span { "Published" } }
            ul {
                for step in steps { li { step } }
            }
            img(.src("/a.png"), .alt("diagram"))
            input(.type("checkbox"), .flag("checked", false), .flag("disabled"))
        }
        XCTAssertEqual(page.renderString(), #"<div class="lecture wide" id="l3"><h1>Lecture 3</h1><span class="badge">Draft</span>"#
            + #"<ul><li>Intro</li><li>Layout</li></ul><img src="/a.png" alt="diagram"><input type="checkbox" disabled></div>"#)
    }

    func testHostileTextAndAttributesAreEscaped() {
        let hostile = #"<script>alert("x")</script> & 'quotes'"#
        let html = p(.title(hostile), .data("note", #"" onmouseover="evil()"#)) { hostile }
        XCTAssertEqual(html.renderString(),
                       #"<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;" "#
                       + ##"data-note="&quot; onmouseover=&quot;evil()">"## + "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; 'quotes'</p>")
    }

    func testScriptURLsAndBadAttributeNamesAreNeutralised() {
        for url in ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "vbscript:x", "data:text/html,<b>", "data:image/svg+xml,<svg>"] {
            XCTAssertEqual(a(.href(url)) { "x" }.renderString(), ##"<a href="#">x</a>"##, url)
        }
        XCTAssertEqual(a(.href("/lectures/1?x=1&y=2")) { "ok" }.renderString(), #"<a href="/lectures/1?x=1&amp;y=2">ok</a>"#)
        XCTAssertEqual(img(.src("data:image/png;base64,AAAA")).renderString(), #"<img src="data:image/png;base64,AAAA">"#)
        let sneaky = div(.attr("onclick=alert(1) x", "v"), .attr("data-ok", "1")) { "" }
        XCTAssertEqual(sneaky.renderString(), #"<div data-ok="1"></div>"#)
        XCTAssertEqual(HTML.element("scr ipt") { "text" }.renderString(), "text", "an invalid tag renders only its children")
    }

    func testTrustedRawIsTheOnlyWayToEmitMarkup() {
        let svg = #"<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#
        XCTAssertEqual(figure { HTML.trustedRaw(svg) }.renderString(), "<figure>\(svg)</figure>")
        XCTAssertEqual(figure { svg }.renderString(), "<figure>&lt;svg viewBox=\"0 0 1 1\"&gt;&lt;rect width=\"1\" height=\"1\"/&gt;&lt;/svg&gt;</figure>")
    }

    func testDocumentAndNUL() {
        let doc = document(lang: "fr") {
            head { meta(.charset("utf-8")); title { "T\u{0}itle" } }
            body { main { "é" } }
        }
        XCTAssertEqual(doc.renderString(),
                       #"<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Title</title></head><body><main>é</main></body></html>"#)
    }
}
