import CCurl
import Foundation

/// Lectern's outbound HTTPS client for LTI (platform key sets, token endpoints, score posts,
/// rosters), on libcurl's easy interface. Calls block: run them on worker threads, never on an
/// event loop. Only `https://` is used, except `http://` to a loopback host (tests, a platform
/// on the same machine); redirects are not followed; answers are capped in size and time.
struct OutboundHTTP: Sendable {
    /// What came back.
    struct Response: Sendable {
        let status: Int
        let body: [UInt8]
        /// `Link` header values (NRPS paging).
        let links: [String]
    }

    /// Why a call did not get an answer.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The largest answer read.
    var maxResponseBytes = 16 << 20
    /// The whole call's time limit, in seconds.
    var timeout = 15
    /// Time allowed to connect, in seconds.
    var connectTimeout = 5

    private static let initialized: Bool = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK }()

    /// Whether `url` may be called: `https://`, or `http://` to 127.0.0.0/8, `[::1]` or `localhost`.
    static func isAllowed(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return false }
        if scheme == "https" { return true }
        guard scheme == "http" else { return false }
        return isLoopback(host)
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Sends one request and reads the answer.
    /// - Throws: ``Failure`` for a refused URL, a network error, a timeout or an answer over the cap.
    func send(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> Response {
        guard Self.isAllowed(url) else { throw Failure(description: "refused URL (only https://, or http:// to a loopback host): \(url)") }
        guard Self.initialized, let handle = curl_easy_init() else { throw Failure(description: "libcurl could not start") }
        defer { curl_easy_cleanup(handle) }
        let sink = ResponseSink(limit: maxResponseBytes)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        list = curl_slist_append(list, "Expect:")

        lectern_curl_set_string(handle, CURLOPT_URL, url)
        lectern_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        lectern_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        lectern_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        lectern_curl_set_long(handle, CURLOPT_TIMEOUT, timeout)
        lectern_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, connectTimeout)
        lectern_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        lectern_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        lectern_curl_set_string(handle, CURLOPT_USERAGENT, "Lectern/\(LecternVersion.current) LTI")
        lectern_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list))
        lectern_curl_set_write_callback(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
            return sink.append(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        lectern_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        lectern_curl_set_header_callback(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
            sink.header(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        lectern_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        lectern_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
        let code: CURLcode = withExtendedLifetime(sink) {
            if let body {
                return body.withUnsafeBufferPointer { buffer in
                    lectern_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, buffer.count)
                    lectern_curl_set_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)))
                    return curl_easy_perform(handle)
                }
            }
            if method == "GET" { lectern_curl_set_long(handle, CURLOPT_HTTPGET, 1) }
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            if sink.overflowed { throw Failure(description: "the answer of \(url) is over \(maxResponseBytes) bytes") }
            throw Failure(description: "\(method) \(url): \(String(cString: curl_easy_strerror(code)))")
        }
        return Response(status: lectern_curl_response_code(handle), body: sink.bytes, links: sink.links)
    }
}

/// Collects an answer's body (up to a limit) and its `Link` headers for ``OutboundHTTP``.
private final class ResponseSink: @unchecked Sendable {
    let limit: Int
    var bytes: [UInt8] = []
    var links: [String] = []
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count + chunk.count <= limit else {
            overflowed = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    func header(_ line: UnsafeRawBufferPointer) {
        guard links.count < 16 else { return }
        let text = String(decoding: line, as: UTF8.self)
        guard text.lowercased().hasPrefix("link:") else { return }
        links.append(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
