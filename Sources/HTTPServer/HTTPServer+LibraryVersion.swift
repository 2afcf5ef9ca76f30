import CMicroHTTPD

extension HTTPServer {
    /// The linked libmicrohttpd's version, as it reports it.
    public static let libraryVersion: String = MHD_get_version().map { String(cString: $0) } ?? "unknown"

    /// The one version whose read buffer the embedded-NUL check (`endsAtEmbeddedNUL`) was verified against: it
    /// reads one byte past a header value's terminator, which only that layout makes safe.
    public static let verifiedLibraryVersion = "0.9.75"

    /// Whether header values are checked for an embedded NUL. Off with any other libmicrohttpd,
    /// where reading past the value could read past the buffer; `serve` warns then.
    public static let checksEmbeddedNUL = libraryVersion == verifiedLibraryVersion
}
