import Basics
import Foundation
import Testing

@Suite struct DeferredTests {
    @Test func aValueResolvedBeforeAnyoneAsksIsKept() {
        let deferred = Deferred<Int> { resolve in resolve(7) }
        #expect(deferred.wait() == 7)
        #expect(Deferred.ready("here").map { $0 + "!" }.wait() == "here!")
    }

    @Test func aValueResolvedLaterFromAnotherThreadArrives() {
        let resolver = Locked<(@Sendable (Int) -> Void)?>(nil)
        let deferred = Deferred<Int> { resolve in resolver.withLock { $0 = resolve } }
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            resolver.withLock { $0 }?(42)
        }
        thread.start()
        #expect(deferred.map { $0 * 2 }.wait() == 84)
    }

    /// The producer (a writer thread committing a batch) must not run the readers' transforms:
    /// they run when the reader calls `make`, on the reader's thread.
    @Test func transformsRunWhereTheValueIsReadNotWhereItIsResolved() {
        let ran = Locked<[String]>([])
        let resolver = Locked<(@Sendable (Int) -> Void)?>(nil)
        let deferred = Deferred<Int> { resolve in resolver.withLock { $0 = resolve } }
            .map { value in
                ran.withLock { $0.append("first") }
                return value + 1
            }
            .map { value in
                ran.withLock { $0.append("second") }
                return String(value)
            }
        let made = Locked<(@Sendable () -> String)?>(nil)
        deferred.whenArrived { make in made.withLock { $0 = make } }
        resolver.withLock { $0 }?(1)
        #expect(ran.withLock { $0 }.isEmpty)
        let make = made.withLock { $0 }
        #expect(make?() == "2")
        #expect(ran.withLock { $0 } == ["first", "second"])
    }

    @Test func manyConcurrentResolutionsEachArriveOnce() {
        let count = 200
        let arrived = Locked<[Int]>([])
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let deferred = Deferred<Int> { resolve in DispatchQueue.global().async { resolve(index) } }
            deferred.whenArrived { make in
                arrived.withLock { $0.append(make()) }
                group.leave()
            }
        }
        group.wait()
        #expect(arrived.withLock { $0 }.sorted() == Array(0..<count))
    }
}
