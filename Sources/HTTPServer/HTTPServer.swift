import Basics
import CMicroHTTPD
import HTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of worker threads, each polling its connections
/// with epoll, handing complete requests to one `HTTPResponder`.
///
/// It starts listening in `init` and answers until `stop`.
public final class HTTPServer: Sendable {
    /// The daemon pointer; libmicrohttpd's quiesce and stop calls may come from any thread.
    private struct Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    public let configuration: HTTPServerConfiguration
    /// The port it listens on, also when the configuration asked for 0.
    public let port: Int
    let responder: any HTTPResponder
    private let daemon = Locked<Daemon?>(nil)
    /// Requests begun and not yet completed (answered and sent, or their connection gone).
    private let inFlight = Atomic<Int>(0)
    private let draining = Atomic<Bool>(false)
    private let connections = Atomic<Int>(0)
    /// Suspended connections waiting for their answer. Closed when the server stops: the ones still
    /// waiting then are answered 503 and nothing is suspended or resumed any more.
    private let parking = ParkingLot<ParkedResponse>()

    /// Connections open now, idle keep-alive ones included.
    public var openConnections: Int { connections.load(ordering: .relaxed) }
    /// Requests whose headers arrived and whose answer is not yet queued: being read, handled, or
    /// parked waiting for a commit.
    public var requestsInFlight: Int { inFlight.load(ordering: .sequentiallyConsistent) }

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) throws(HTTPServerError) {
        self.configuration = configuration
        self.responder = responder
        let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        port = socket.port

        let context = Unmanaged.passUnretained(self).toOpaque()
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: MHD_OPTION.LISTEN_SOCKET, value: Int(socket.descriptor), ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.THREAD_POOL_SIZE, value: max(1, configuration.threadCount), ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.CONNECTION_TIMEOUT, value: configuration.connectionTimeoutSeconds, ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.PER_IP_CONNECTION_LIMIT, value: configuration.perAddressConnectionLimit,
                ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryBytes, ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_COMPLETED, value: unsafeBitCast(requestCompleted, to: Int.self),
                ptr_value: context),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_CONNECTION, value: unsafeBitCast(connectionChanged, to: Int.self),
                ptr_value: context),
            // Paths and query values arrive still percent-encoded, so an encoded "/" stays inside
            // its path segment; the router and `queryParameters` decode them.
            MHD_OptionItem(
                option: MHD_OPTION.UNESCAPE_CALLBACK, value: unsafeBitCast(keepEscaped, to: Int.self), ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil),
        ]
        let flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let started = options.withUnsafeMutableBufferPointer {
            actionhub_mhd_start_daemon(UInt32(flags), accessHandler, context, $0.baseAddress)
        }
        guard let started else {
            close(socket.descriptor)
            throw HTTPServerError(operation: "MHD_start_daemon", code: 0, message: "libmicrohttpd did not start")
        }
        daemon.withLock { $0 = Daemon(pointer: started) }
    }

    deinit {
        stop(gracePeriod: .zero)
    }

    /// Stops listening at once, lets requests in flight finish (for up to `gracePeriod`), then
    /// closes every connection. Responses sent while draining carry `Connection: close`.
    public func stop(gracePeriod: Duration = .seconds(10)) {
        let taken = daemon.withLock { current -> Daemon? in
            defer { current = nil }
            return current
        }
        guard let taken else { return }
        draining.store(true, ordering: .sequentiallyConsistent)
        // The socket stays open until MHD_stop_daemon: libmicrohttpd's threads take it out of
        // their epoll sets later, and closing it first made one of them abort ("Failed to remove
        // listen FD from epoll set", seen under TSan). Shut down, it refuses new connections now.
        let listening = MHD_quiesce_daemon(taken.pointer)
        if listening >= 0 { _ = shutdown(listening, Int32(SHUT_RDWR)) }
        defer { if listening >= 0 { close(listening) } }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while inFlight.load(ordering: .sequentiallyConsistent) > 0 && clock.now < deadline {
            usleep(2_000)
        }
        // libmicrohttpd must not be stopped with connections suspended: answer what still waits.
        let waiting = parking.close()
        for parked in waiting {
            let failure = responder.respond(to: .shuttingDown, request: parked.request)
            parked.abandon { failure }
            MHD_resume_connection(parked.connection)
        }
        let settled = clock.now.advanced(by: .milliseconds(waiting.isEmpty ? 0 : 200))
        while inFlight.load(ordering: .sequentiallyConsistent) > 0 && clock.now < settled {
            usleep(2_000)
        }
        MHD_stop_daemon(taken.pointer)
    }

    /// One call of libmicrohttpd's access handler: first with the headers, then once per body
    /// chunk, then a final time with no data, when the request is complete.
    fileprivate func handle(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = requestContext.pointee else {
            inFlight.add(1, ordering: .sequentiallyConsistent)
            let rawHeaders = Self.rawValues(of: .HEADER_KIND, on: connection)
            let state = RequestState(
                request: readHead(connection: connection, url: url, method: method, headers: rawHeaders))
            requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
            if let problem = HeaderCheck.problem(in: rawHeaders) {
                return refuse(.malformed(problem), state: state, connection: connection)
            }
            if let length = state.request.header("Content-Length").flatMap({ Int($0) }),
                length > configuration.maximumBodyBytes
            {
                return refuse(
                    .bodyTooLarge(limit: configuration.maximumBodyBytes), state: state, connection: connection)
            }
            return MHD_Result.YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            // Consuming every chunk keeps libmicrohttpd reading; a refused body is dropped unread.
            uploadSize.pointee = 0
            guard !state.answered, let uploadData else { return MHD_Result.YES }
            if state.failure != nil {
                // libmicrohttpd takes no response while a body streams in, so the 413 waits for
                // its end; a client that keeps sending long past the cap is cut off instead.
                state.discardedBytes += size
                return state.discardedBytes > 16 * configuration.maximumBodyBytes ? MHD_Result.NO : MHD_Result.YES
            }
            guard state.request.body.count + size <= configuration.maximumBodyBytes else {
                state.request.body = []
                state.failure = .bodyTooLarge(limit: configuration.maximumBodyBytes)
                return MHD_Result.YES
            }
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                state.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
            return MHD_Result.YES
        }
        guard !state.answered else { return MHD_Result.YES }
        if let failure = state.failure {
            return refuse(failure, state: state, connection: connection)
        }
        if let parked = state.parked {
            // Resumed: the deferred answer is here.
            guard let make = parked.answer() else { return MHD_Result.YES }
            return queue(make(), state: state, connection: connection)
        }
        let deferred: Deferred<HTTPResponse>
        switch responder.respond(to: state.request) {
        case .now(let response): return queue(response, state: state, connection: connection)
        case .later(let later): deferred = later
        }
        let parked = ParkedResponse(request: state.request, connection: connection, server: self)
        deferred.whenArrived { parked.arrive($0) }
        state.parked = parked
        if let make = parked.answerOrSuspend(on: self) { return queue(make(), state: state, connection: connection) }
        return MHD_Result.YES
    }

    /// Suspends a connection whose answer is on its way; false once the server is stopping.
    func suspend(_ parked: ParkedResponse) -> Bool {
        parking.park(parked) { MHD_suspend_connection(parked.connection) }
    }

    /// Resumes a suspended connection whose answer has arrived, unless `stop` has answered it.
    func resume(_ parked: ParkedResponse) {
        parking.unpark(parked) { MHD_resume_connection(parked.connection) }
    }

    fileprivate func connection(opened: Bool) {
        if opened {
            connections.add(1, ordering: .relaxed)
        } else {
            connections.subtract(1, ordering: .relaxed)
        }
    }

    fileprivate func completed(requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let existing = requestContext.pointee else { return }
        Unmanaged<RequestState>.fromOpaque(existing).release()
        requestContext.pointee = nil
        inFlight.subtract(1, ordering: .sequentiallyConsistent)
    }

    private func refuse(_ failure: HTTPRequestFailure, state: RequestState, connection: OpaquePointer) -> MHD_Result {
        // The connection's framing cannot be trusted after a refused body: close it.
        var response = responder.respond(to: failure, request: state.request)
        response.headers.append(("Connection", "close"))
        return queue(response, state: state, connection: connection)
    }

    private func queue(_ response: HTTPResponse, state: RequestState, connection: OpaquePointer) -> MHD_Result {
        state.answered = true
        let created =
            response.stream.map(StreamedBody.response)
            ?? response.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        guard let created else { return MHD_Result.NO }
        defer { MHD_destroy_response(created) }
        var headers = response.headers
        if draining.load(ordering: .relaxed) { headers.append(("Connection", "close")) }
        for header in headers {
            guard MHD_add_response_header(created, header.name, header.value) == MHD_Result.YES else {
                return MHD_Result.NO
            }
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    private func readHead(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        headers: [(name: [UInt8], value: [UInt8])]
    ) -> HTTPRequest {
        let query = Self.rawValues(of: .GET_ARGUMENT_KIND, on: connection).map { pair in
            let name = String(decoding: pair.name, as: UTF8.self)
            let value = String(decoding: pair.value, as: UTF8.self)
            return (
                name: PercentEncoding.decode(name, plusAsSpace: true) ?? name,
                value: PercentEncoding.decode(value, plusAsSpace: true) ?? value
            )
        }
        return HTTPRequest(
            method: String(cString: method), path: String(cString: url), query: query,
            headers: headers.map {
                (String(decoding: $0.name, as: UTF8.self), String(decoding: $0.value, as: UTF8.self))
            })
    }
}

// The callbacks borrow the server without retaining it: a retain there made a worker hold the last
// reference when the owner let go mid-request, so `deinit` (which joins the workers in
// MHD_stop_daemon) ran on that worker. Borrowing is sound because `deinit` stops the daemon, and
// with it every callback, before the server's memory goes.
private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else {
        return MHD_Result.NO
    }
    return Unmanaged<HTTPServer>.fromOpaque(context)._withUnsafeGuaranteedRef {
        $0.handle(
            connection: connection, url: url, method: method, uploadData: uploadData, uploadSize: uploadSize,
            requestContext: requestContext)
    }
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let context, let requestContext else { return }
    Unmanaged<HTTPServer>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.completed(requestContext: requestContext) }
}

private let connectionChanged: MHD_NotifyConnectionCallback = { context, _, _, code in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context)._withUnsafeGuaranteedRef {
        $0.connection(opened: code == .CONNECTION_NOTIFY_STARTED)
    }
}

private let keepEscaped:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, string in
        string.map { strlen($0) } ?? 0
    }
