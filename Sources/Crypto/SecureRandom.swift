import COpenSSL

/// Bytes from OpenSSL's cryptographically secure generator, for keys and secrets.
public enum SecureRandom {
    /// <https://www.openssl.org/docs/man3.0/man3/RAND_bytes.html>
    public static func bytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw Digest.lastError("RAND_bytes") }
        return bytes
    }
}
