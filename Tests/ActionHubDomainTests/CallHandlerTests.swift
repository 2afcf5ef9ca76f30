import ActionHubDomain
import ActionHubTesting
import Basics
import Foundation
import JSON
import Testing

/// `call` routes in the domain: what the route check holds them to, and how the service stores a
/// backend's answer exactly once, with a scripted caller in place of the network.
@Suite struct CallHandlerTests {
    /// Answers every call with the next scripted answer and counts the calls it got.
    final class ScriptedCaller: BackendCaller {
        let answers: Locked<[BackendAnswer]>
        let made = Locked<[BackendCall]>([])

        init(_ answers: [BackendAnswer]) {
            self.answers = Locked(answers)
        }

        func call(_ call: BackendCall, answered: @escaping @Sendable (BackendAnswer) -> Void) {
            made.withLock { $0.append(call) }
            let answer = answers.withLock { $0.removeFirst() }
            // From another thread, as a real caller answers.
            Thread { answered(answer) }.start()
        }
    }

    static let route = #"""
        {"category": "order", "requiredUserInfo": ["orderId"], "subject": "orderId", "actions": [
          {"identifier": "cancel", "title": "Cancel", "handler": "call", "url": "https://backend.internal/cancel",
           "timeout": 0.75}]}
        """#

    static func routes() throws -> RouteTable {
        RouteTable(
            categories: [try RouteLoader(handlers: .standard).decode(Array(route.utf8), file: "order.json").get()])
    }

    static func event(id: String) -> JSONValue {
        .object([
            "id": .string(id), "actionIdentifier": .string("cancel"), "userId": .string("u-1"),
            "notification": .object([
                "identifier": .string("push-1"), "categoryIdentifier": .string("order"),
                "date": .string("2026-12-03T09:00:00Z"), "userInfo": .object(["orderId": .string("o-7")]),
            ]),
        ])
    }

    static func errors(_ action: String) -> [String] {
        let document = #"{"category": "order", "requiredUserInfo": ["orderId"], "actions": [\#(action)]}"#
        guard case .failure(let failure) = RouteLoader(handlers: .standard).decode(Array(document.utf8), file: "o.json")
        else { return [] }
        return failure.errors.map { "\($0.field): \($0.message)" }
    }

    @Test func theRouteCheckHoldsURLAndTimeout() {
        #expect(
            Self.errors(#"{"identifier": "a", "title": "A", "handler": "call"}"#) == ["actions[0].url: is required"])
        #expect(
            Self.errors(#"{"identifier": "a", "title": "A", "handler": "call", "url": "ftp://x/y"}"#)
                == ["actions[0].url: must be an http:// or https:// URL"])
        #expect(
            Self.errors(#"{"identifier": "a", "title": "A", "handler": "call", "url": "https:///path"}"#)
                == ["actions[0].url: must name a host"])
        #expect(
            Self.errors(#"{"identifier": "a", "title": "A", "handler": "call", "url": "https://x/a b"}"#)
                == ["actions[0].url: must not contain spaces or control characters"])
        for timeout in ["0", "0.05", "11", "\"3\""] {
            #expect(
                Self.errors(
                    #"{"identifier": "a", "title": "A", "handler": "call", "url": "http://x/y", "timeout": \#(timeout)}"#
                )
                    == ["actions[0].timeout: must be a number of seconds from 0.1 to 10"])
        }
        #expect(
            Self.errors(
                #"{"identifier": "a", "title": "A", "handler": "call", "url": "http://localhost:9000/y", "timeout": 10}"#
            ).isEmpty)
        // Either kind of action: with text input or without.
        #expect(
            Self.errors(
                #"{"identifier": "a", "title": "A", "handler": "call", "url": "http://x/y", "textInput": {"buttonTitle": "Send", "maxLength": 9}}"#
            ).isEmpty)
    }

    @Test func aResultIsStoredOnceWithItsReceiptAndAReplayMakesNoCall() throws {
        let store = InMemoryResponseStore()
        let caller = ScriptedCaller([
            .result(["seat": .string("12A")], CallReceipt(status: 201, duration: .milliseconds(42)))
        ])
        let service = ResponseService(routes: try Self.routes(), store: store, caller: caller)
        let id = UUID().uuidString

        let first = try service.submit(Self.event(id: id)).wait().get()
        #expect(!first.isReplay)
        let answer = try JSONParser().parse(first.body)
        #expect(answer["result"] == .object(["seat": .string("12A")]))
        #expect(answer["call"] == .object(["status": JSONValue(201), "durationMs": JSONValue(42)]))
        let call = try #require(caller.made.withLock { $0.first })
        #expect(call.url == "https://backend.internal/cancel")
        #expect(call.timeout == .milliseconds(750))
        #expect(call.eventId == id)
        let payload = try JSONParser().parse(call.body)
        #expect(payload["type"] == .string("response.call"))
        #expect(payload["data"]?["subject"] == .object(["key": .string("orderId"), "id": .string("o-7")]))

        let replay = try service.submit(Self.event(id: id)).wait().get()
        #expect(replay.isReplay)
        #expect(replay.body == first.body)
        #expect(caller.made.withLock { $0.count } == 1)
    }

    @Test func aRefusalOrAFailureStoresNothing() throws {
        let store = InMemoryResponseStore()
        let route = RouteKey(category: "order", action: "cancel", handler: "call")
        let refusal = BackendRefusal(backendStatus: 409, title: "Shipped", detail: "It left.", route: route)
        let failure = BackendUnavailable(cause: "backend answered 502", retryAfterSeconds: 3, route: route)
        let caller = ScriptedCaller([.refused(refusal), .unavailable(failure)])
        let service = ResponseService(routes: try Self.routes(), store: store, caller: caller)
        let id = UUID().uuidString

        #expect(throws: refusal) { try service.submit(Self.event(id: id)).wait().get() }
        #expect(try store.response(id: id) == nil)
        #expect(throws: failure) { try service.submit(Self.event(id: id)).wait().get() }
        #expect(try store.response(id: id) == nil)
        #expect(caller.made.withLock { $0.count } == 2)
    }
}
