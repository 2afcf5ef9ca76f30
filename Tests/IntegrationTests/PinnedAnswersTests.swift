import Foundation
import TestSupport
import Testing

@Suite("Pinned HTTP answers")
struct PinnedAnswersTests {
    /// Whole answers (status line, headers, body) to a fixed sequence of requests over real HTTP,
    /// with run-dependent values masked by the script. A change to the request path must keep them
    /// byte-identical; a deliberate change of an answer updates the golden file in the same commit.
    @Test func answersAreByteIdenticalToTheGoldenFile() throws {
        let script = ActionHubExecutable.packageRoot.appendingPathComponent("scripts/pinned-answers").path
        let run = try Toolchain.run("bash", [script, ActionHubExecutable.url.path])
        #expect(run.status == 0)
        let golden = ActionHubExecutable.packageRoot.appendingPathComponent(
            "Tests/IntegrationTests/Golden/answers.txt")
        #expect(run.output == (try String(contentsOf: golden, encoding: .utf8)))
    }
}
