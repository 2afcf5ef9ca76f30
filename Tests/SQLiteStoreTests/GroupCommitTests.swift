import ActionHubDomain
import Basics
import Dispatch
import Foundation
import GroupCommit
import SQLite
import TestSupport
import Testing

@testable import SQLiteStore

@Suite struct GroupCommitTests {
    struct HandlerFailure: Error {}

    static func key(_ id: String, user: String = "u") -> NewResponse {
        NewResponse(id: id, userId: user, category: "social_post", action: "like", fingerprint: "f")
    }

    @Test func concurrentEventsAreEachStoredOnceWithConsistentCounts() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path(), options: .init(maximumBatch: 16))
        let results = concurrently(200) { index -> RecordResult? in
            let id = UUID().uuidString
            let user = "u-\(index % 50)"
            return try? store.record(Self.key(id, user: user)) { effects in
                let change = try effects.addLike(Like(postId: "p", userId: user, responseId: id, likedAt: "t"))
                return String(change.added)
            }.wait().get()
        }
        #expect(results.allSatisfy { if case .created = $0 { true } else { false } })
        #expect(results.filter { $0 == .created(body: "true") }.count == 50)
        #expect(try store.likes(postId: "p", page: PageRequest()).likeCount == 50)
    }

    @Test func theSameIdSentConcurrentlyIsCreatedOnceAndReplayedToTheRest() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        let id = UUID().uuidString
        let results = concurrently(16) { index in
            try? store.record(Self.key(id)) { _ in "answer from \(index)" }.wait().get()
        }
        let created = results.compactMap { if case .created(let body)? = $0 { body } else { nil } }
        let replayed = results.compactMap { if case .replayed(let body)? = $0 { body } else { nil } }
        #expect(created.count == 1)
        #expect(replayed.count == 15)
        #expect(Set(replayed) == Set(created))
    }

    @Test func aFailingHandlerRollsBackOnlyItsOwnEventInABatch() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        let outcomes = concurrently(40) { index -> Bool in
            let id = UUID().uuidString
            do {
                _ = try store.record(Self.key(id, user: "u-\(index)")) { effects in
                    _ = try effects.addLike(Like(postId: "p", userId: "u-\(index)", responseId: id, likedAt: "t"))
                    if index % 2 == 0 { throw HandlerFailure() }
                    return "ok"
                }.wait().get()
                return true
            } catch {
                return false
            }
        }
        #expect(outcomes.filter { $0 }.count == 20)
        #expect(try store.likes(postId: "p", page: PageRequest()).likeCount == 20)
    }

    @Test func aFullDiskFailsTheCommitAndTheStoreRecoversWhenSpaceReturns() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        let pages = Int(try store.writerPragma("page_count") ?? "0") ?? 0
        _ = try store.writerPragma("max_page_count = \(pages)")
        let big = String(repeating: "x", count: 64 * 1024)
        let id = UUID().uuidString
        do {
            _ = try store.record(Self.key(id)) { _ in big }.wait().get()
            Issue.record("a commit beyond the size limit succeeded")
        } catch let error as SQLiteError {
            #expect(error.isStorageFault)
        }
        #expect(try store.response(id: id) == nil)

        _ = try store.writerPragma("max_page_count = 1073741823")
        #expect(try store.record(Self.key(id)) { _ in big }.wait().get() == .created(body: big))
        #expect(try store.response(id: id) == big)
    }

    @Test func aClosedStoreRefusesWritesButKeepsWhatItCommitted() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        let id = UUID().uuidString
        _ = try store.record(Self.key(id)) { _ in "kept" }.wait().get()
        store.close()
        #expect(throws: StoreClosed.self) { try store.record(Self.key(UUID().uuidString)) { _ in "late" }.wait().get() }
        #expect(try store.response(id: id) == "kept")
    }
}

extension GroupCommitTests {
    /// `ps -L`, `top -H` and perf show the store's threads by name: the names must fit Linux's
    /// 15-byte limit, or the system keeps the process name instead.
    @Test func theStoreThreadsCarryTheirNames() throws {
        let store = try SQLiteResponseStore(path: TemporaryDatabase.path())
        defer { store.close() }
        // A thread names itself once it runs, a moment after the store has started it: in the
        // whole suite on two cores that moment was more than 5 s once. The wait ends as soon as
        // all three are there.
        let deadline = ContinuousClock.now.advanced(by: .seconds(TimingBudget.seconds(30)))
        var names = Self.threadNames()
        while !names.isSuperset(of: ["ah-writer", "ah-wal-sync", "ah-checkpoint"]) && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            names = Self.threadNames()
        }
        #expect(names.contains("ah-writer"))
        #expect(names.contains("ah-wal-sync"))
        #expect(names.contains("ah-checkpoint"))
    }

    private static func threadNames() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(
            tasks.compactMap { task in
                try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            })
    }
}
