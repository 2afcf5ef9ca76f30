/// A body made while it is sent, for answers too large to build in memory first: the server asks
/// for the next bytes whenever the connection can take more, on the connection's worker thread,
/// and sends them chunked.
public protocol HTTPBodyStream: AnyObject, Sendable {
    /// The next bytes; nil once the body is complete. A thrown error cuts the response off (the
    /// client sees an incomplete chunked body, never a complete-looking one).
    func next() throws -> [UInt8]?
}
