import ActionHubDomain
import Basics
import Foundation
import JSON
import TestSupport
import Testing

/// Where handler code runs: on the submitting thread, before the event is queued, never on a
/// store's writer thread; and what a handler refuses is never stored.
@Suite struct HandlerPlacementTests {
    typealias Kind = ResponseStoreContractTests.Kind

    /// Records the thread it plans on.
    struct ThreadProbe: ActionHandler {
        let threads: Locked<[UInt]>
        var name: String { "thread-probe" }

        func plan(_ event: ActionEvent) -> EffectPlan {
            threads.withLock { $0.append(UInt(pthread_self())) }
            return .answer(["probed": .bool(true)])
        }
    }

    /// Refuses every event, as a team's handler refuses an invitation to a full meeting.
    struct Full: ActionHandler {
        var name: String { "full" }

        func plan(_ event: ActionEvent) throws(HandlerRefusal) -> EffectPlan {
            throw HandlerRefusal(
                status: 409, kind: "meeting-full", title: "The meeting is full", detail: "No seats are left.")
        }
    }

    static func service(_ store: any ResponseStore, threads: Locked<[UInt]>) throws -> ResponseService {
        let registry = HandlerRegistry.standard.adding([ThreadProbe(threads: threads), Full()])
        let document = #"""
            {"category": "probe", "requiredUserInfo": ["meetingId"], "subject": "meetingId", "actions": [
              {"identifier": "probe", "title": "Probe", "handler": "thread-probe"},
              {"identifier": "join", "title": "Join", "handler": "full"}]}
            """#
        let category = try RouteLoader(handlers: registry).decode(Array(document.utf8), file: "probe.json").get()
        return ResponseService(routes: RouteTable(categories: [category], handlers: registry), store: store)
    }

    static func body(_ id: String, action: String) -> JSONValue {
        .object([
            "id": .string(id), "actionIdentifier": .string(action), "userId": .string("u-1"),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("probe"),
                "date": .string("2026-12-01T09:00:00Z"), "userInfo": .object(["meetingId": .string("m-1")]),
            ]),
        ])
    }

    @Test(arguments: Kind.allCases)
    func aHandlerPlansOnTheSubmittingThreadNeverOnAWriter(_ kind: Kind) throws {
        let store = try kind.make()
        let threads = Locked<[UInt]>([])
        let service = try Self.service(store, threads: threads)
        let answers = concurrently(8) { _ in
            (
                thread: UInt(pthread_self()),
                body: try? service.submit(Self.body(UUID().uuidString, action: "probe")).wait().get().body
            )
        }
        #expect(answers.allSatisfy { $0.body?.contains(#""result":{"probed":true}"#) == true })
        #expect(threads.withLock { $0.sorted() } == answers.map(\.thread).sorted())
        // The control: what the store's transaction runs does run on a thread of the store's own,
        // so a handler planned there would have shown another thread above.
        let inTransaction = Locked<UInt?>(nil)
        _ = try store.record(
            NewResponse(id: UUID().uuidString, userId: "u", category: "c", action: "a", fingerprint: "f")
        ) { _ in
            inTransaction.withLock { $0 = UInt(pthread_self()) }
            return "{}"
        }.wait().get()
        if kind != .inMemory {
            let writer = try #require(inTransaction.withLock { $0 })
            #expect(writer != UInt(pthread_self()))
            #expect(!threads.withLock { $0 }.contains(writer))
        }
    }

    @Test(arguments: Kind.allCases)
    func aRefusalIsTypedAndStoresNothing(_ kind: Kind) throws {
        let store = try kind.make()
        let service = try Self.service(store, threads: Locked([]))
        let id = UUID().uuidString
        #expect(
            throws: HandlerRefusal(
                status: 409, kind: "meeting-full", title: "The meeting is full", detail: "No seats are left.")
        ) {
            _ = try service.submit(Self.body(id, action: "join"))
        }
        #expect(try store.response(id: id) == nil)
    }
}
