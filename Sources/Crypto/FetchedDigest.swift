import COpenSSL

/// A message digest fetched from OpenSSL's default provider once. `EVP_sha256()` makes every
/// `EVP_Digest` call fetch the implementation again (a name lookup under a lock), which showed
/// in the profile of authenticated requests.
/// <https://www.openssl.org/docs/man3.0/man7/crypto.html#Explicit-fetching>
final class FetchedDigest: @unchecked Sendable {
    /// Never changed after init; OpenSSL's fetched objects may be used from any thread.
    let pointer: OpaquePointer

    init(_ name: String) throws(CryptoError) {
        guard let fetched = EVP_MD_fetch(nil, name, nil) else { throw Digest.lastError("EVP_MD_fetch") }
        pointer = fetched
    }

    deinit {
        EVP_MD_free(pointer)
    }

    static let sha256 = Result { () throws(CryptoError) in try FetchedDigest("SHA256") }
}
