extension Exercise {
    /// The other forms an exercise folder may ship its starter and reference in, beside the
    /// exercise's own format: Swift (`starter.swift`) and Objective-C (`starter.m`). They are
    /// generated from the starter and reference and offered for download; grading reads the
    /// submission, whichever form it comes in.
    public static let codeFormExtensions = ["swift", "m"]
}
