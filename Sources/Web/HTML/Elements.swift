/// Element functions: `div(.class("x")) { ... }`. Void elements take no content.
/// Text inside `script` and `style` is escaped like any text: inline code goes through `HTML.trustedRaw`.

public func html(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("html", attributes.compactMap { $0 }, content)
}
public func head(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("head", attributes.compactMap { $0 }, content)
}
public func body(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("body", attributes.compactMap { $0 }, content)
}
public func title(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("title", attributes.compactMap { $0 }, content)
}
public func div(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("div", attributes.compactMap { $0 }, content)
}
public func span(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("span", attributes.compactMap { $0 }, content)
}
public func p(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("p", attributes.compactMap { $0 }, content)
}
public func a(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("a", attributes.compactMap { $0 }, content)
}
public func h1(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h1", attributes.compactMap { $0 }, content)
}
public func h2(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h2", attributes.compactMap { $0 }, content)
}
public func h3(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h3", attributes.compactMap { $0 }, content)
}
public func h4(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h4", attributes.compactMap { $0 }, content)
}
public func h5(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h5", attributes.compactMap { $0 }, content)
}
public func h6(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("h6", attributes.compactMap { $0 }, content)
}
public func ul(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("ul", attributes.compactMap { $0 }, content)
}
public func ol(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("ol", attributes.compactMap { $0 }, content)
}
public func li(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("li", attributes.compactMap { $0 }, content)
}
public func dl(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("dl", attributes.compactMap { $0 }, content)
}
public func dt(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("dt", attributes.compactMap { $0 }, content)
}
public func dd(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("dd", attributes.compactMap { $0 }, content)
}
public func table(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("table", attributes.compactMap { $0 }, content)
}
public func thead(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("thead", attributes.compactMap { $0 }, content)
}
public func tbody(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("tbody", attributes.compactMap { $0 }, content)
}
public func tfoot(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("tfoot", attributes.compactMap { $0 }, content)
}
public func tr(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("tr", attributes.compactMap { $0 }, content)
}
public func th(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("th", attributes.compactMap { $0 }, content)
}
public func td(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("td", attributes.compactMap { $0 }, content)
}
public func caption(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("caption", attributes.compactMap { $0 }, content)
}
public func form(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("form", attributes.compactMap { $0 }, content)
}
public func button(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("button", attributes.compactMap { $0 }, content)
}
public func label(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("label", attributes.compactMap { $0 }, content)
}
public func select(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("select", attributes.compactMap { $0 }, content)
}
public func option(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("option", attributes.compactMap { $0 }, content)
}
public func optgroup(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("optgroup", attributes.compactMap { $0 }, content)
}
public func textarea(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("textarea", attributes.compactMap { $0 }, content)
}
public func fieldset(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("fieldset", attributes.compactMap { $0 }, content)
}
public func legend(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("legend", attributes.compactMap { $0 }, content)
}
public func nav(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("nav", attributes.compactMap { $0 }, content)
}
public func header(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("header", attributes.compactMap { $0 }, content)
}
public func footer(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("footer", attributes.compactMap { $0 }, content)
}
public func main(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("main", attributes.compactMap { $0 }, content)
}
public func section(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("section", attributes.compactMap { $0 }, content)
}
public func article(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("article", attributes.compactMap { $0 }, content)
}
public func aside(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("aside", attributes.compactMap { $0 }, content)
}
public func figure(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("figure", attributes.compactMap { $0 }, content)
}
public func figcaption(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("figcaption", attributes.compactMap { $0 }, content)
}
public func details(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("details", attributes.compactMap { $0 }, content)
}
public func summary(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("summary", attributes.compactMap { $0 }, content)
}
public func pre(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("pre", attributes.compactMap { $0 }, content)
}
public func code(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("code", attributes.compactMap { $0 }, content)
}
public func kbd(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("kbd", attributes.compactMap { $0 }, content)
}
public func samp(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("samp", attributes.compactMap { $0 }, content)
}
public func em(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("em", attributes.compactMap { $0 }, content)
}
public func strong(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("strong", attributes.compactMap { $0 }, content)
}
public func small(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("small", attributes.compactMap { $0 }, content)
}
public func mark(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("mark", attributes.compactMap { $0 }, content)
}
public func sub(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("sub", attributes.compactMap { $0 }, content)
}
public func sup(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("sup", attributes.compactMap { $0 }, content)
}
public func blockquote(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("blockquote", attributes.compactMap { $0 }, content)
}
public func time(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("time", attributes.compactMap { $0 }, content)
}
public func output(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("output", attributes.compactMap { $0 }, content)
}
public func progress(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("progress", attributes.compactMap { $0 }, content)
}
public func noscript(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("noscript", attributes.compactMap { $0 }, content)
}
public func script(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("script", attributes.compactMap { $0 }, content)
}
public func style(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("style", attributes.compactMap { $0 }, content)
}
public func template(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("template", attributes.compactMap { $0 }, content)
}
public func dialog(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("dialog", attributes.compactMap { $0 }, content)
}
public func video(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("video", attributes.compactMap { $0 }, content)
}
public func audio(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("audio", attributes.compactMap { $0 }, content)
}
public func canvas(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("canvas", attributes.compactMap { $0 }, content)
}
public func svg(_ attributes: Attribute?..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element("svg", attributes.compactMap { $0 }, content)
}
public func br(_ attributes: Attribute?...) -> HTML { .element("br", attributes.compactMap { $0 }, isVoid: true) }
public func hr(_ attributes: Attribute?...) -> HTML { .element("hr", attributes.compactMap { $0 }, isVoid: true) }
public func img(_ attributes: Attribute?...) -> HTML { .element("img", attributes.compactMap { $0 }, isVoid: true) }
public func input(_ attributes: Attribute?...) -> HTML { .element("input", attributes.compactMap { $0 }, isVoid: true) }
public func meta(_ attributes: Attribute?...) -> HTML { .element("meta", attributes.compactMap { $0 }, isVoid: true) }
public func link(_ attributes: Attribute?...) -> HTML { .element("link", attributes.compactMap { $0 }, isVoid: true) }
public func source(_ attributes: Attribute?...) -> HTML { .element("source", attributes.compactMap { $0 }, isVoid: true) }
public func track(_ attributes: Attribute?...) -> HTML { .element("track", attributes.compactMap { $0 }, isVoid: true) }
public func col(_ attributes: Attribute?...) -> HTML { .element("col", attributes.compactMap { $0 }, isVoid: true) }
public func wbr(_ attributes: Attribute?...) -> HTML { .element("wbr", attributes.compactMap { $0 }, isVoid: true) }
