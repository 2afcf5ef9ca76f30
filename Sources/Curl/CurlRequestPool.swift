import CCurl
import Foundation

/// POSTs made concurrently by one thread over libcurl's multi interface: at most `capacity` at
/// once, each bounded by its own timeout, with connections kept alive between requests to the
/// same host. A caller's thread only queues a request and goes on; the completion runs on the
/// pool's thread, so it must be quick (hand anything slow elsewhere).
///
/// The multi handle and the transfers are only touched on the pool's thread; other threads touch
/// `state` under its lock and wake the thread with `curl_multi_wakeup`, which libcurl allows from
/// any thread.
public final class CurlRequestPool: @unchecked Sendable {
    public let capacity: Int
    private let multi: UnsafeMutableRawPointer
    private struct State {
        var queued: [(CurlRequest, @Sendable (Result<CurlResponse, CurlFailure>) -> Void)] = []
        /// Queued and running.
        var outstanding = 0
        var isStopping = false
    }

    private let state = NSLock()
    private var shared = State()
    private let stopped = DispatchSemaphore(value: 0)
    /// Only the pool's thread uses these.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var idle: [CurlTransfer] = []

    /// How the pool's connections are made.
    public struct Options: Sendable {
        /// HTTP/2 over TLS, one connection per host carrying up to `capacity` streams at once
        /// (APNs takes nothing else); HTTP/1.1 with a connection per request otherwise.
        public var http2: Bool
        /// A PEM file of certificates to trust besides the system's (a test's own CA).
        public var extraCAFile: String?

        public init(http2: Bool = false, extraCAFile: String? = nil) {
            self.http2 = http2
            self.extraCAFile = extraCAFile
        }
    }

    private let options: Options

    public init(capacity: Int, name: String = "actionhub-calls", options: Options = .init()) throws(CurlError) {
        guard CurlSession.globalInitCode == CURLE_OK else {
            throw CurlError(code: Int(CurlSession.globalInitCode.rawValue), message: "curl_global_init failed")
        }
        guard let multi = curl_multi_init() else {
            throw CurlError(code: -1, message: "curl_multi_init could not make a handle")
        }
        self.capacity = max(1, capacity)
        self.multi = multi
        self.options = options
        var settings: [(CURLMoption, Int, String)] = [
            // Enough idle connections for every request that may run at once.
            (CURLMOPT_MAXCONNECTS, self.capacity, "CURLMOPT_MAXCONNECTS")
        ]
        if options.http2 {
            settings += [
                (CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX), "CURLMOPT_PIPELINING"),
                (CURLMOPT_MAX_HOST_CONNECTIONS, 1, "CURLMOPT_MAX_HOST_CONNECTIONS"),
                (CURLMOPT_MAX_CONCURRENT_STREAMS, self.capacity, "CURLMOPT_MAX_CONCURRENT_STREAMS"),
            ]
        }
        for (option, value, name) in settings {
            let set = actionhub_curl_multi_set_long(multi, option, value)
            guard set == CURLM_OK else {
                curl_multi_cleanup(multi)
                throw Self.error(set, "curl_multi_setopt(\(name))")
            }
        }
        let thread = Thread { [self] in
            Thread.current.name = name
            loop()
            stopped.signal()
        }
        thread.start()
    }

    deinit {
        running.removeAll()
        idle.removeAll()
        curl_multi_cleanup(multi)
    }

    /// Queues `request`; false, without calling `completion`, when `capacity` requests are
    /// outstanding already or the pool is stopping.
    public func start(
        _ request: CurlRequest, completion: @escaping @Sendable (Result<CurlResponse, CurlFailure>) -> Void
    ) -> Bool {
        state.lock()
        guard !shared.isStopping, shared.outstanding < capacity else {
            state.unlock()
            return false
        }
        shared.outstanding += 1
        shared.queued.append((request, completion))
        state.unlock()
        // Fails only for a handle that is not a multi handle.
        _ = curl_multi_wakeup(multi)
        return true
    }

    /// Requests queued or running now.
    public var outstanding: Int {
        state.lock()
        defer { state.unlock() }
        return shared.outstanding
    }

    /// Ends every outstanding request with `.stopped` (their completions run) and waits for the
    /// thread to end. Nothing starts afterwards.
    public func stop() {
        state.lock()
        let wasStopping = shared.isStopping
        shared.isStopping = true
        state.unlock()
        guard !wasStopping else { return }
        _ = curl_multi_wakeup(multi)
        stopped.wait()
    }

    private func loop() {
        while true {
            state.lock()
            let queued = shared.queued
            shared.queued.removeAll()
            let isStopping = shared.isStopping
            state.unlock()
            if isStopping {
                for (_, completion) in queued { finished(completion, .failure(.stopped)) }
                for (handle, transfer) in running {
                    curl_multi_remove_handle(multi, handle)
                    if let completion = transfer.completion { finished(completion, .failure(.stopped)) }
                }
                running.removeAll()
                return
            }
            for (request, completion) in queued { add(request, completion) }
            var active: Int32 = 0
            let performed = curl_multi_perform(multi, &active)
            if performed != CURLM_OK { failAll(Self.error(performed, "curl_multi_perform")) }
            collectFinished()
            // Waits for a socket, the soonest transfer timeout, a wakeup, or a second.
            let polled = curl_multi_poll(multi, nil, 0, 1000, nil)
            if polled != CURLM_OK { failAll(Self.error(polled, "curl_multi_poll")) }
        }
    }

    private func add(
        _ request: CurlRequest, _ completion: @escaping @Sendable (Result<CurlResponse, CurlFailure>) -> Void
    ) {
        do throws(CurlError) {
            let transfer: CurlTransfer
            if let reused = idle.popLast() { transfer = reused } else { transfer = try CurlTransfer(options: options) }
            do throws(CurlError) {
                try transfer.prepare(request, completion: completion)
            } catch {
                idle.append(transfer)
                throw error
            }
            let added = curl_multi_add_handle(multi, transfer.handle)
            guard added == CURLM_OK else {
                _ = transfer.finish(CURLE_OK)
                idle.append(transfer)
                throw Self.error(added, "curl_multi_add_handle")
            }
            running[transfer.handle] = transfer
        } catch {
            finished(completion, .failure(.transfer(error)))
        }
    }

    /// Hands every transfer libcurl reports done to its completion.
    private func collectFinished() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let transfer = running.removeValue(forKey: handle)
            else { continue }
            let code = actionhub_curl_message_result(message)
            let removed = curl_multi_remove_handle(multi, handle)
            let completion = transfer.completion
            let outcome = transfer.finish(code)
            if removed == CURLM_OK { idle.append(transfer) }
            if let completion { finished(completion, outcome) }
        }
    }

    /// After a multi-handle failure nothing running can be trusted to finish: each ends with it.
    private func failAll(_ error: CurlError) {
        for (handle, transfer) in running {
            curl_multi_remove_handle(multi, handle)
            let completion = transfer.completion
            _ = transfer.finish(CURLE_OK)
            if let completion { finished(completion, .failure(.transfer(error))) }
        }
        running.removeAll()
    }

    private func finished(
        _ completion: @Sendable (Result<CurlResponse, CurlFailure>) -> Void,
        _ outcome: Result<CurlResponse, CurlFailure>
    ) {
        state.lock()
        shared.outstanding -= 1
        state.unlock()
        completion(outcome)
    }

    private static func error(_ code: CURLMcode, _ call: String) -> CurlError {
        let summary = curl_multi_strerror(code).map { String(cString: $0) } ?? "unknown"
        return CurlError(code: Int(code.rawValue), message: "\(call): \(summary)")
    }
}
