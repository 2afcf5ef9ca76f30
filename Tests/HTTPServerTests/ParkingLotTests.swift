import Basics
import Dispatch
import Testing

@testable import HTTPServer

@Suite struct ParkingLotTests {
    final class Item: Sendable {}

    /// Parked from many threads at once: what was not taken back is handed over once, whole, by
    /// `close`, and after it nothing parks and nothing taken by it is resumed.
    @Test func closeHandsOverWhatIsStillParkedAndRefusesTheRest() {
        let lot = ParkingLot<Item>(shardCount: 8)
        let items = (0..<1000).map { _ in Item() }
        let suspended = Locked(0)
        let resumed = Locked(0)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            #expect(lot.park(items[index]) { suspended.withLock { $0 += 1 } })
            if index % 3 == 0 { lot.unpark(items[index]) { resumed.withLock { $0 += 1 } } }
        }
        #expect(suspended.withLock { $0 } == 1000)
        #expect(resumed.withLock { $0 } == 334)
        let handedOver = lot.close()
        #expect(handedOver.count == 666)
        #expect(Set(handedOver.map(ObjectIdentifier.init)).count == 666)
        for item in handedOver { lot.unpark(item) { Issue.record("resumed after close handed it over") } }
        #expect(!lot.park(Item()) { Issue.record("suspended after close") })
        #expect(lot.close().isEmpty)
    }

    /// Taken back once: a second `unpark` of the same item resumes nothing.
    @Test func anItemIsResumedOnce() {
        let lot = ParkingLot<Item>()
        let item = Item()
        var resumes = 0
        #expect(lot.park(item) {})
        lot.unpark(item) { resumes += 1 }
        lot.unpark(item) { resumes += 1 }
        #expect(resumes == 1)
    }
}
