import XML

/// Why a storyboard or XIB could not be converted, and where (1-based line and column): an
/// Interface Builder file is an XML document, so its errors are the XML reader's, located the
/// same way, whether the XML itself is unreadable or its content is not a scene we convert.
public typealias InterfaceBuilderError = XMLError
