import ActionHubDomain
import Basics
import TestSupport
import Testing

@testable import API

@Suite struct RequestIdTests {
    @Test func madeIdsAreUUIDShapedAndNeverRepeatAcrossThreads() {
        let made = concurrently(8) { _ in (0..<2000).map { _ in RequestId.make() } }.flatMap { $0 }
        #expect(Set(made).count == made.count)
        #expect(made.allSatisfy { UUIDText.canonical($0) != nil })
    }
}
