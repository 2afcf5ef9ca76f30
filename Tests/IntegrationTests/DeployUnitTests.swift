import Foundation
import TestSupport
import Testing

/// `deploy/actionhub.service` as systemd reads it, with the flags `actionhub serve` takes.
@Suite("The systemd unit")
struct DeployUnitTests {
    static let unit = ActionHubExecutable.packageRoot.appendingPathComponent("deploy/actionhub.service")

    /// `systemd-analyze verify` also checks that ExecStart's program exists; the copy checked
    /// points at the built binary instead of /usr/local/bin, the rest unchanged.
    @Test func theUnitVerifies() throws {
        let text = try String(contentsOf: Self.unit, encoding: .utf8)
        #expect(text.contains("ExecStart=/usr/local/bin/actionhub serve"))
        let copy = TemporaryDirectory.make().appendingPathComponent("actionhub.service")
        try text.replacingOccurrences(of: "/usr/local/bin/actionhub", with: ActionHubExecutable.url.path)
            .write(to: copy, atomically: true, encoding: .utf8)
        let verified = try Toolchain.run("/usr/bin/systemd-analyze", ["verify", copy.path])
        #expect(verified.status == 0, "\(verified.output)")
        #expect(verified.output.isEmpty, "\(verified.output)")
    }

    /// Every flag the unit passes is one `serve` knows: an unknown one stops the parse before
    /// `--help` is honoured.
    @Test func execStartPassesFlagsServeKnows() throws {
        let text = try String(contentsOf: Self.unit, encoding: .utf8)
            .replacingOccurrences(of: "\\\n", with: " ")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.first == "/usr/local/bin/actionhub")
        let outcome = try ActionHubExecutable.run(Array(words.dropFirst()) + ["--help"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("Usage: actionhub serve"))
    }
}
