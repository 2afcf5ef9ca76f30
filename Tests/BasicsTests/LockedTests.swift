import Basics
import Foundation
import Testing

@Suite struct LockedTests {
    @Test func aLockHeldElsewhereIsNotWaitedFor() {
        let value = Locked(1)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            value.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        holder.start()
        held.wait()
        #expect(value.withLockIfAvailable { $0 } == nil)
        release.signal()
        // Free again once the holder lets go.
        var taken: Int?
        while taken == nil {
            taken = value.withLockIfAvailable {
                $0 += 1; return $0
            }
        }
        #expect(taken == 2)
    }
}
