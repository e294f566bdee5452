/// Why a test request could not be made or its answer could not be read: the socket failed, the
/// peer closed mid-answer, or the bytes were not an HTTP/1.1 response.
public struct TestClientError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}
