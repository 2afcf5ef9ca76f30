import ActionHubDomain
import Basics
import Foundation
import Testing

@testable import GroupCommit
@testable import SQLiteStore

@Suite struct WALSyncerTests {
    func batch(_ count: Int, answers: Locked<[String]>, committedUpTo: Int64? = nil) -> WALSyncer.Batch {
        let tickets = (0..<count).map { index in
            CommitTicket(
                response: NewResponse(id: "\(index)", userId: "u", category: "c", action: "a", fingerprint: "f"),
                perform: { _ in "" },
                resolve: { result in
                    answers.withLock { $0.append((try? result.get()).map { "\($0)" } ?? "failed") }
                })
        }
        return WALSyncer.Batch(
            tickets: tickets, results: tickets.map { _ in .success(.created(body: "ok")) }, started: .now,
            committedUpTo: committedUpTo)
    }

    @Test func nothingIsAnsweredBeforeTheSyncReturns() {
        let held = HeldSync()
        let syncer = WALSyncer(sync: held.sync, observe: nil)
        let answers = Locked<[String]>([])
        syncer.add(batch(3, answers: answers))
        Thread.sleep(forTimeInterval: 0.1)
        #expect(answers.withLock { $0.isEmpty })
        held.gate.signal()
        syncer.close()
        #expect(answers.withLock { $0.count } == 3)
        #expect(held.calls.withLock { $0 } == 1)
    }

    @Test func oneSyncCoversEveryBatchHandedOverMeanwhile() {
        let held = HeldSync()
        let syncer = WALSyncer(sync: held.sync, observe: nil)
        let answers = Locked<[String]>([])
        syncer.add(batch(1, answers: answers))
        while held.calls.withLock({ $0 }) == 0 { usleep(1_000) }
        for _ in 0..<5 { syncer.add(batch(2, answers: answers)) }
        held.gate.signal()
        held.gate.signal()
        syncer.close()
        #expect(answers.withLock { $0.count } == 11)
        #expect(held.calls.withLock { $0 } == 2)
    }

    /// After a failed fsync a later one proves nothing: everything after fails too.
    @Test func afterAFailedSyncEveryLaterBatchFails() {
        let held = HeldSync()
        held.failWith.withLock { $0 = DiskFailed() }
        let syncer = WALSyncer(sync: held.sync, observe: nil)
        let answers = Locked<[String]>([])
        syncer.add(batch(2, answers: answers))
        held.gate.signal()
        while answers.withLock({ $0.count }) < 2 { usleep(1_000) }
        held.failWith.withLock { $0 = nil }
        syncer.add(batch(2, answers: answers))
        held.gate.signal()
        syncer.close()
        #expect(answers.withLock { $0 } == ["failed", "failed", "failed", "failed"])
        #expect(syncer.failed is DiskFailed)
        #expect(held.calls.withLock { $0 } == 1)
    }

    /// The feed shows events up to the newest position known durable: told after each sync that
    /// succeeded, before anyone is answered, and never after a failed one.
    @Test func theDurablePositionMovesOnlyAfterASuccessfulSync() {
        let held = HeldSync()
        let durable = Locked<[Int64]>([])
        let syncer = WALSyncer(sync: held.sync, observe: nil) { newest in durable.withLock { $0.append(newest) } }
        let answers = Locked<[String]>([])
        syncer.add(batch(1, answers: answers, committedUpTo: 7))
        Thread.sleep(forTimeInterval: 0.05)
        #expect(durable.withLock { $0 }.isEmpty, "committed is not durable before the sync returns")
        held.gate.signal()
        while answers.withLock({ $0.count }) < 1 { usleep(1_000) }
        #expect(durable.withLock { $0 } == [7])
        held.failWith.withLock { $0 = DiskFailed() }
        syncer.add(batch(1, answers: answers, committedUpTo: 9))
        held.gate.signal()
        syncer.close()
        #expect(durable.withLock { $0 } == [7])
    }
}
