import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct LibraryVersionTests {
    /// The embedded-NUL check reads one byte past a header value, which is safe only with the
    /// buffer layout of the version it was verified against: on any other it is off (and `serve`
    /// warns), whatever version this machine has.
    @Test func theNULCheckIsOnOnlyForTheVerifiedVersion() throws {
        let installed = try Toolchain.run("pkg-config", ["--modversion", "libmicrohttpd"])
        #expect(installed.status == 0)
        #expect(HTTPServer.libraryVersion == installed.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(HTTPServer.checksEmbeddedNUL == (HTTPServer.libraryVersion == "0.9.75"))
    }
}
