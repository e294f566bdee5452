import AutoLayout
import XML

/// A stack view's arrangement (`UIStackView`), turned into the constraints UIKit makes for it:
/// along the axis, the arranged views follow each other `spacing` apart from the stack's start to
/// its end (`fillEqually` also makes them the same size); across it, `alignment` pins them to the
/// stack's edges (`fill`), one edge (`leading`/`top`, `trailing`/`bottom`, staying inside the other)
/// or the centre (staying inside both edges), and the stack hugs its largest view across the axis
/// (a constraint at 249 per view, as UIKit fits the stack to its content). Hidden arranged views
/// take no part.
///
/// Not supported (refused, naming the element and its line): the `equalSpacing`, `equalCentering`
/// and `fillProportionally` distributions, baseline alignments, and size-class variations of a
/// stack view's properties.
struct StackArrangement {
    enum Alignment: String { case fill, leading, top, trailing, bottom, center }

    var horizontal: Bool
    var fillEqually: Bool
    var alignment: Alignment
    var spacing: Double
    var id: String

    init(_ element: XMLElement, converter: SceneConverter) throws(InterfaceBuilderError) {
        id = element["id"] ?? ""
        horizontal = element["axis"] != "vertical"
        switch element["distribution"] {
        case nil, "fill"?: fillEqually = false
        case "fillEqually"?: fillEqually = true
        case let other?:
            throw converter.fail(element, "<stackView> at line \(element.line): the '\(other)' distribution is not supported "
                                 + "(fill and fillEqually are)")
        }
        let name = element["alignment"] ?? "fill"
        guard let alignment = Alignment(rawValue: name) else {
            throw converter.fail(element, "<stackView> at line \(element.line): the '\(name)' alignment is not supported")
        }
        self.alignment = alignment
        if let text = element["spacing"] {
            guard let value = Multiplier.number(Substring(text)) else {
                throw converter.fail(element, "<stackView> at line \(element.line): spacing '\(text)' is not a number")
            }
            spacing = value
        } else {
            spacing = 0
        }
        for variation in element.children(named: "variation") where variation.attributes.count > 1 {
            throw converter.fail(variation, "<variation> at line \(variation.line): size-class variations of a stack view's "
                                 + "properties are not supported")
        }
    }

    /// The explicit lines for the stack view at `index` of the converter's nodes.
    func lines(for index: Int, in converter: SceneConverter) -> [SceneConverter.Line] {
        let nodes = converter.nodes
        let stack = nodes[index].name
        let arranged = nodes.indices.filter { nodes[$0].parent == index }.map { nodes[$0].name }
        guard !arranged.isEmpty else { return [] }
        let element = nodes[index].element
        let location = element.location
        var texts: [String] = []
        let (start, end, size) = horizontal ? ("leading", "trailing", "width") : ("top", "bottom", "height")
        let (crossStart, crossEnd, crossCenter) = horizontal ? ("top", "bottom", "centerY") : ("leading", "trailing", "centerX")
        let gap = spacing == 0 ? "" : (spacing < 0 ? " - \(SceneConverter.number(-spacing))" : " + \(SceneConverter.number(spacing))")
        texts.append("\(arranged[0]).\(start) == \(stack).\(start)")
        for position in arranged.indices.dropFirst() {
            texts.append("\(arranged[position]).\(start) == \(arranged[position - 1]).\(end)\(gap)")
            if fillEqually { texts.append("\(arranged[position]).\(size) == \(arranged[0]).\(size)") }
        }
        texts.append("\(arranged[arranged.count - 1]).\(end) == \(stack).\(end)")
        for view in arranged {
            switch alignment {
            case .fill:
                texts.append("\(view).\(crossStart) == \(stack).\(crossStart)")
                texts.append("\(view).\(crossEnd) == \(stack).\(crossEnd)")
            case .leading, .top:
                texts.append("\(view).\(crossStart) == \(stack).\(crossStart)")
                texts.append("\(view).\(crossEnd) <= \(stack).\(crossEnd)")
                texts.append("\(view).\(crossEnd) == \(stack).\(crossEnd) @249")
            case .trailing, .bottom:
                texts.append("\(view).\(crossEnd) == \(stack).\(crossEnd)")
                texts.append("\(view).\(crossStart) >= \(stack).\(crossStart)")
                texts.append("\(view).\(crossStart) == \(stack).\(crossStart) @249")
            case .center:
                texts.append("\(view).\(crossCenter) == \(stack).\(crossCenter)")
                texts.append("\(view).\(crossStart) >= \(stack).\(crossStart)")
                texts.append("\(view).\(crossStart) == \(stack).\(crossStart) @249")
            }
        }
        let description = "Stack View \(stack) arrangement: \(horizontal ? "horizontal" : "vertical"), "
            + "\(fillEqually ? "fill equally" : "fill"), \(alignment.rawValue), spacing \(SceneConverter.number(spacing)) (\(id))"
        return texts.map { SceneConverter.Line(text: $0, line: location.line, column: location.column, source: description) }
    }
}
