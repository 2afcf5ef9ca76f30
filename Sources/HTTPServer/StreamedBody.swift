import CMicroHTTPD
import HTTP

/// A response stream as libmicrohttpd reads it: owned by the response (retained when it is made,
/// released by its free callback), read by one worker at a time.
final class StreamedBody: @unchecked Sendable {
    private let stream: any HTTPBodyStream
    private var pending: [UInt8] = []
    private var offset = 0

    init(_ stream: any HTTPBodyStream) {
        self.stream = stream
    }

    /// The response for `stream`, sent chunked; nil when libmicrohttpd could not make one.
    static func response(_ stream: any HTTPBodyStream) -> OpaquePointer? {
        let body = Unmanaged.passRetained(StreamedBody(stream)).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, 32 * 1024, readBody, body, freeBody)
        else {
            Unmanaged<StreamedBody>.fromOpaque(body).release()
            return nil
        }
        return response
    }

    /// Copies up to `capacity` bytes into `buffer`: the count, -1 at the end, -2 on a failure.
    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        do {
            while offset == pending.count {
                guard let next = try stream.next() else { return -1 }
                (pending, offset) = (next, 0)
            }
        } catch {
            return -2
        }
        let count = min(capacity, pending.count - offset)
        pending.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

private let readBody: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -2 }
    return Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
}

private let freeBody: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<StreamedBody>.fromOpaque(context).release()
}
