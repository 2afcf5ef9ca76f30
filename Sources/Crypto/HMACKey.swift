import COpenSSL

/// An HMAC-SHA-256 key set up once, for many messages: `EVP_Q_mac` fetches the algorithms by
/// name and hashes the key again on every call, which was a fifth of a webhook attempt's
/// instructions. Not thread-safe: one thread uses it at a time.
/// <https://www.openssl.org/docs/man3.0/man3/EVP_MAC_init.html>
public final class HMACKey {
    private let mac: OpaquePointer
    private let context: OpaquePointer

    public init(_ key: [UInt8]) throws(CryptoError) {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw Digest.lastError("EVP_MAC_fetch") }
        guard let context = EVP_MAC_CTX_new(mac) else {
            EVP_MAC_free(mac)
            throw Digest.lastError("EVP_MAC_CTX_new")
        }
        self.mac = mac
        self.context = context
        // The parameter keeps pointers to its name and value until EVP_MAC_init reads them: both
        // live in buffers that outlast the call (a Swift string passed as a pointer lives only
        // during the one call it is passed to).
        var parameterName = Array(OSSL_MAC_PARAM_DIGEST.utf8CString)
        var digestName = Array("SHA256".utf8CString)
        let initialized = parameterName.withUnsafeMutableBufferPointer { parameter in
            digestName.withUnsafeMutableBufferPointer { name in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(parameter.baseAddress, name.baseAddress, 0),
                    OSSL_PARAM_construct_end(),
                ]
                return key.withUnsafeBufferPointer { keyBytes in
                    EVP_MAC_init(context, keyBytes.baseAddress, keyBytes.count, &parameters)
                }
            }
        }
        guard initialized == 1 else { throw Digest.lastError("EVP_MAC_init") }
    }

    deinit {
        EVP_MAC_CTX_free(context)
        EVP_MAC_free(mac)
    }

    /// The 32-byte HMAC-SHA-256 of `message`. Starting again with no key reuses the one set up.
    public func authenticate(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard EVP_MAC_init(context, nil, 0, nil) == 1 else { throw Digest.lastError("EVP_MAC_init") }
        let updated = message.withUnsafeBufferPointer { EVP_MAC_update(context, $0.baseAddress, $0.count) }
        guard updated == 1 else { throw Digest.lastError("EVP_MAC_update") }
        var output = [UInt8](repeating: 0, count: 32)
        var length = 0
        guard EVP_MAC_final(context, &output, &length, output.count) == 1, length == 32 else {
            throw Digest.lastError("EVP_MAC_final")
        }
        return output
    }
}
