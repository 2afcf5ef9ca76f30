import CCurl

/// One easy handle of a `CurlRequestPool`, set up for one request at a time and used again for
/// the next: the pool's multi handle keeps the connections alive between them. Only the pool's
/// thread touches it.
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var currentURL: String?
    private(set) var request: CurlRequest?
    private(set) var completion: (@Sendable (Result<CurlResponse, CurlFailure>) -> Void)?
    /// What libcurl has handed over of the answer so far.
    private var body: [UInt8] = []
    private var headers: [String: String] = [:]
    private var bodyTooLarge = false

    init(options: CurlRequestPool.Options = .init()) throws(CurlError) {
        guard let handle = curl_easy_init() else {
            throw CurlError(code: -1, message: "curl_easy_init could not make a handle")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        do {
            let context = Unmanaged.passUnretained(self).toOpaque()
            // No signals: timeouts must not use SIGALRM in a threaded process.
            try check(actionhub_curl_set_long(handle, CURLOPT_NOSIGNAL, 1))
            try check(actionhub_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
            // http and https only, and no redirects: a URL is called as the routes declare it.
            try check(actionhub_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
            try check(actionhub_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0))
            if options.http2 {
                try check(actionhub_curl_set_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS))
                // Waits for the host's one connection to take another stream instead of opening more.
                try check(actionhub_curl_set_long(handle, CURLOPT_PIPEWAIT, 1))
            }
            // Beside the system's certificates (CURLOPT_CAPATH stays), not instead of them.
            if let file = options.extraCAFile { try check(actionhub_curl_set_pointer(handle, CURLOPT_CAINFO, file)) }
            try check(actionhub_curl_set_pointer(handle, CURLOPT_WRITEDATA, context))
            try check(actionhub_curl_set_pointer(handle, CURLOPT_HEADERDATA, context))
            try check(
                actionhub_curl_set_write_function(handle) { data, size, count, context in
                    guard let data, let context else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                    return transfer.received(UnsafeRawBufferPointer(start: data, count: size * count))
                })
            try check(
                actionhub_curl_set_header_function(handle) { data, size, count, context in
                    guard let data, let context else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                    transfer.receivedHeader(UnsafeRawBufferPointer(start: data, count: size * count))
                    return size * count
                })
        } catch {
            curl_easy_cleanup(handle)
            errorBuffer.deallocate()
            throw error
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets the handle up for `request`; the pool adds it to its multi handle next.
    func prepare(
        _ request: CurlRequest, completion: @escaping @Sendable (Result<CurlResponse, CurlFailure>) -> Void
    ) throws(CurlError) {
        errorBuffer[0] = 0
        body.removeAll(keepingCapacity: true)
        headers.removeAll(keepingCapacity: true)
        bodyTooLarge = false
        curl_slist_free_all(headerList)
        headerList = nil
        // An empty `Expect:` keeps libcurl from waiting for `100 Continue` before larger bodies.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            guard let appended = curl_slist_append(headerList, line) else {
                throw CurlError(code: -1, message: "curl_slist_append: out of memory")
            }
            headerList = appended
        }
        // Set only when it changes: libcurl parses it again on every set.
        if request.url != currentURL {
            try check(actionhub_curl_set_pointer(handle, CURLOPT_URL, request.url))
            currentURL = request.url
        }
        try check(actionhub_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        try check(actionhub_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, request.timeoutMilliseconds)))
        // Copied by libcurl: the transfer outlives any pointer into a Swift array.
        try check(actionhub_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
        // Never a null pointer, which would make libcurl read the body from stdin instead.
        let storage: [UInt8] = request.body.isEmpty ? [0] : request.body
        try check(actionhub_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, storage))
        self.request = request
        self.completion = completion
    }

    /// The outcome once libcurl says the transfer is done with `code`; the handle is free again.
    func finish(_ code: CURLcode) -> Result<CurlResponse, CurlFailure> {
        defer {
            request = nil
            completion = nil
        }
        let limit = request?.bodyLimit ?? 0
        var status = 0
        let statusCode = actionhub_curl_response_code(handle, &status)
        if bodyTooLarge { return .failure(.bodyTooLarge(status: status, limit: limit)) }
        if code == CURLE_OPERATION_TIMEDOUT {
            return .failure(.timedOut(afterMilliseconds: request?.timeoutMilliseconds ?? 0))
        }
        guard code == CURLE_OK else { return .failure(.transfer(error(code))) }
        guard statusCode == CURLE_OK else { return .failure(.transfer(error(statusCode))) }
        var microseconds: curl_off_t = 0
        let timed = actionhub_curl_total_time(handle, &microseconds)
        guard timed == CURLE_OK else { return .failure(.transfer(error(timed))) }
        return .success(
            CurlResponse(status: status, headers: headers, body: body, duration: .microseconds(microseconds)))
    }

    /// Keeps up to the request's limit; returning less than was offered makes libcurl end the transfer.
    private func received(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= request?.bodyLimit ?? 0 else {
            bodyTooLarge = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line (or the status line, or the blank line ending the headers).
    private func receivedHeader(_ bytes: UnsafeRawBufferPointer) {
        // A new status line (after `100 Continue`, say) starts the headers over.
        if bytes.starts(with: "HTTP/".utf8) {
            headers.removeAll(keepingCapacity: true)
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let value = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        headers[name] = value.trimmingSpaces()
    }

    private func check(_ code: CURLcode) throws(CurlError) {
        guard code != CURLE_OK else { return }
        throw error(code)
    }

    private func error(_ code: CURLcode) -> CurlError {
        let summary = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown"
        let detail = String(cString: errorBuffer)
        return CurlError(code: Int(code.rawValue), message: detail.isEmpty ? summary : "\(summary): \(detail)")
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks; no Foundation here.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
