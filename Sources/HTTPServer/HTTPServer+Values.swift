import CMicroHTTPD

extension HTTPServer {
    /// Every key/value pair of a kind, in order, as bytes; lengths from libmicrohttpd, so a NUL in
    /// a value is kept (and refused) rather than cutting the value short.
    static func rawValues(of kind: MHD_ValueKind, on connection: OpaquePointer) -> [(
        name: [UInt8], value: [UInt8]
    )] {
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        withUnsafeMutablePointer(to: &pairs) { pointer in
            _ = MHD_get_connection_values_n(connection, kind, collectValue, pointer)
        }
        return pairs
    }
}

private func bytes(_ pointer: UnsafePointer<CChar>?, count: Int) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
        Array(UnsafeBufferPointer(start: $0, count: count))
    }
}

private let collectValue: MHD_KeyValueIteratorN = { context, kind, key, keySize, value, valueSize in
    let pairs = context!.assumingMemoryBound(to: [(name: [UInt8], value: [UInt8])].self)
    var valueBytes = bytes(value, count: valueSize)
    if kind == .HEADER_KIND, HTTPServer.checksEmbeddedNUL, let value, endsAtEmbeddedNUL(value, count: valueSize) {
        // Keep the NUL, so that HeaderCheck refuses the header.
        valueBytes.append(0)
    }
    pairs.pointee.append((bytes(key, count: keySize), valueBytes))
    return MHD_Result.YES
}

/// libmicrohttpd 0.9.75 measures header values with strlen, so a value with a NUL in it is
/// reported cut short at the NUL. It terminates each header line in place in its read buffer (CR
/// and LF become NUL), so after a whole value come two NULs; after a value cut at an embedded NUL,
/// the rest of the value follows instead. One byte past the terminator is still the same line's
/// buffer. Not caught: a NUL as the very last byte of a value, which looks like the terminator.
/// Caught as a side effect: lines ended by a bare LF (RFC 9112 lets a server refuse them).
private func endsAtEmbeddedNUL(_ value: UnsafePointer<CChar>, count: Int) -> Bool {
    guard value[count] == 0 else { return false }
    let next = UInt8(bitPattern: value[count + 1])
    return next != 0 && next != 0x0A
}
