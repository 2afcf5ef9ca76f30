import COpenSSL

/// A P-256 private key for ES256 signatures (JWS, RFC 7518 §3.4), read from PKCS#8 PEM: the
/// form of the `.p8` key Apple gives for APNs token authentication. Not thread-safe: one thread
/// signs at a time.
/// <https://www.openssl.org/docs/man3.0/man3/EVP_DigestSignInit.html>
public final class ES256Key {
    private let key: OpaquePointer

    /// Throws for anything but a P-256 private key in PEM.
    public init(pem: String) throws(CryptoError) {
        let bytes = Array(pem.utf8)
        let read: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let read else { throw Digest.lastError("PEM_read_bio_PrivateKey") }
        var name = [CChar](repeating: 0, count: 32)
        var length = 0
        guard EVP_PKEY_get_base_id(read) == EVP_PKEY_EC,
            EVP_PKEY_get_group_name(read, &name, name.count, &length) == 1,
            String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1"
        else {
            EVP_PKEY_free(read)
            throw CryptoError(operation: "ES256Key", code: 0, message: "the key is not a P-256 (prime256v1) EC key")
        }
        key = read
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The 64-byte ES256 signature of `message`: r and s, 32 bytes each, big-endian (JWS's form,
    /// not the DER that OpenSSL makes).
    public func sign(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw Digest.lastError("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw Digest.lastError("EVP_DigestSignInit")
        }
        var length = 0
        let sized = message.withUnsafeBufferPointer {
            EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count)
        }
        guard sized == 1 else { throw Digest.lastError("EVP_DigestSign") }
        var der = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBufferPointer {
            EVP_DigestSign(context, &der, &length, $0.baseAddress, $0.count)
        }
        guard signed == 1 else { throw Digest.lastError("EVP_DigestSign") }
        return try Self.raw(fromDER: Array(der.prefix(length)))
    }

    /// r || s from the DER `ECDSA-Sig-Value` OpenSSL writes.
    private static func raw(fromDER der: [UInt8]) throws(CryptoError) -> [UInt8] {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var start: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &start, buffer.count)
        }
        guard let parsed else { throw Digest.lastError("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(parsed) }
        var output = [UInt8](repeating: 0, count: 64)
        let written = output.withUnsafeMutableBufferPointer { buffer in
            (
                BN_bn2binpad(ECDSA_SIG_get0_r(parsed), buffer.baseAddress, 32),
                BN_bn2binpad(ECDSA_SIG_get0_s(parsed), buffer.baseAddress! + 32, 32)
            )
        }
        guard written == (32, 32) else { throw Digest.lastError("BN_bn2binpad") }
        return output
    }
}
