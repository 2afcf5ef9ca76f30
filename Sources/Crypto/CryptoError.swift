/// A failed libcrypto call: which one, and OpenSSL's error code and text.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    public var operation: String
    public var code: UInt
    public var message: String

    public var description: String { "\(operation) failed: \(message) (\(code))" }
}
