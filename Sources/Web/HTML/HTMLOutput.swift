/// Renders nodes into a byte buffer, escaping as it goes.
struct HTMLOutput {
    private(set) var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ nodes: [HTML.Node]) {
        for node in nodes {
            switch node {
            case .text(let s):
                escape(s, attribute: false)
            case .raw(let s):
                bytes.append(contentsOf: s.utf8)
            case .element(let name, let attributes, let children, let isVoid):
                bytes.append(UInt8(ascii: "<"))
                bytes.append(contentsOf: name.utf8)
                for attribute in attributes where Attribute.isValidName(attribute.name) {
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: attribute.name.utf8)
                    if let value = attribute.value {
                        bytes.append(contentsOf: "=\"".utf8)
                        escape(value, attribute: true)
                        bytes.append(UInt8(ascii: "\""))
                    }
                }
                bytes.append(UInt8(ascii: ">"))
                if isVoid { continue }
                write(children)
                bytes.append(contentsOf: "</".utf8)
                bytes.append(contentsOf: name.utf8)
                bytes.append(UInt8(ascii: ">"))
            }
        }
    }

    /// Escapes through ``Markup``, the one escaper.
    private mutating func escape(_ s: String, attribute: Bool) {
        Markup.escape(s, attribute ? .attribute : .text, into: &bytes)
    }
}
