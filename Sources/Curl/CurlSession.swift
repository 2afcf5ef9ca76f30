import CCurl

/// One libcurl easy handle, kept across requests so that a connection to the same host is reused
/// (keep-alive). Not thread-safe: one thread uses it at a time.
public final class CurlSession {
    private let handle: UnsafeMutableRawPointer
    /// Filled by libcurl with the detail of the last failure.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var currentURL: String?

    /// `curl_global_init` once per process, before the first handle; Swift runs a global's
    /// initializer exactly once, whichever thread comes first.
    static let globalInitCode: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    public init() throws(CurlError) {
        guard Self.globalInitCode == CURLE_OK else { throw Self.error(Self.globalInitCode, detail: "curl_global_init") }
        guard let handle = curl_easy_init() else {
            throw CurlError(code: -1, message: "curl_easy_init could not make a handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        do {
            // No signals: timeouts must not use SIGALRM in a threaded process.
            try check(actionhub_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
            try check(actionhub_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
            // http and https only, and no redirects: a webhook URL is called as it was registered.
            try check(actionhub_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
            try check(actionhub_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0))
            // The receiver's answer body is not kept: only its status counts.
            try check(actionhub_curl_set_write_function(handle) { _, size, count, _ in size * count })
        } catch {
            curl_easy_cleanup(handle)
            errorBuffer.deallocate()
            throw error
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// POSTs `body` to `url` and returns the HTTP status; throws when no answer came within
    /// `timeoutMilliseconds` (connecting included) or the transfer failed.
    public func post(url: String, headers: [(name: String, value: String)], body: [UInt8], timeoutMilliseconds: Int)
        throws(CurlError) -> Int
    {
        errorBuffer[0] = 0
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        // An empty `Expect:` keeps libcurl from waiting for `100 Continue` before larger bodies.
        for line in headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            guard let appended = curl_slist_append(list, line) else {
                throw CurlError(code: -1, message: "curl_slist_append: out of memory")
            }
            list = appended
        }
        // Set only when it changes: libcurl parses it again on every set.
        if url != currentURL {
            try check(actionhub_curl_set_pointer(handle, CURLOPT_URL, url))
            currentURL = url
        }
        try check(actionhub_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list))
        try check(actionhub_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, timeoutMilliseconds)))
        try check(actionhub_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, body.count))
        // Never a null pointer, which would make libcurl read the body from stdin instead.
        let storage = body.isEmpty ? [0] : body
        try storage.withUnsafeBufferPointer { bytes throws(CurlError) in
            // libcurl reads the body during `perform`, inside this closure, without copying it.
            try check(actionhub_curl_set_pointer(handle, CURLOPT_POSTFIELDS, bytes.baseAddress))
            try check(curl_easy_perform(handle))
        }
        try check(actionhub_curl_set_pointer(handle, CURLOPT_HTTPHEADER, nil))
        var status = 0
        try check(actionhub_curl_response_code(handle, &status))
        return status
    }

    private func check(_ code: CURLcode) throws(CurlError) {
        guard code != CURLE_OK else { return }
        let detail = String(cString: errorBuffer)
        throw Self.error(code, detail: detail)
    }

    private static func error(_ code: CURLcode, detail: String) -> CurlError {
        let summary = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown"
        return CurlError(code: Int(code.rawValue), message: detail.isEmpty ? summary : "\(summary): \(detail)")
    }
}
