import Basics
import JSON
import Telemetry
import Testing

@Suite struct LoggerTests {
    /// Below the level nothing is written and the fields are not even built: the request log's
    /// fields were made for every request although the benchmarks run at `warning`.
    @Test func fieldsBelowTheLevelAreNeverBuilt() {
        let lines = Locked<[String]>([])
        let logger = Logger(level: .warning) { line in lines.withLock { $0.append(line) } }
        var built = 0
        func fields() -> JSONObject {
            built += 1
            return ["route": .string("/v1/responses")]
        }
        logger.info("request", fields())
        #expect(built == 0)
        #expect(lines.withLock { $0 }.isEmpty)

        logger.warning("slow", fields())
        #expect(built == 1)
        #expect(lines.withLock { $0 }.count == 1)
        #expect(lines.withLock { $0 }.first?.contains("\"route\":\"/v1/responses\"") == true)
    }
}
