import COpenSSL

/// SHA-256 and HMAC-SHA-256 from OpenSSL's libcrypto.
public enum Digest {
    /// <https://www.openssl.org/docs/man3.0/man3/EVP_Digest.html>
    public static func sha256(_ bytes: [UInt8]) throws(CryptoError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let algorithm = try FetchedDigest.sha256.get()
        let result = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, algorithm.pointer, nil)
        }
        guard result == 1 else { throw lastError("EVP_Digest") }
        return Array(digest.prefix(Int(length)))
    }

    /// <https://www.openssl.org/docs/man3.0/man3/EVP_Q_mac.html>
    public static func hmacSHA256(key: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: 32)
        var length = 0
        let result = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                EVP_Q_mac(
                    nil, "HMAC", nil, "SHA256", nil, keyBytes.baseAddress, keyBytes.count, messageBytes.baseAddress,
                    messageBytes.count, &mac, mac.count, &length)
            }
        }
        guard result != nil, length == 32 else { throw lastError("EVP_Q_mac") }
        return mac
    }

    /// Compares in time that depends on the length only, not on where the bytes differ.
    /// <https://www.openssl.org/docs/man3.0/man3/CRYPTO_memcmp.html>
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0 }
        }
    }

    static func lastError(_ operation: String) -> CryptoError {
        let code = ERR_get_error()
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return CryptoError(operation: operation, code: code, message: String(decoding: text, as: UTF8.self))
    }
}
