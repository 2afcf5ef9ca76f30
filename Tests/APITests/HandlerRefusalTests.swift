import API
import ActionHubDomain
import ActionHubTesting
import Auth
import Foundation
import HTTP
import JSON
import Testing

/// A handler's business "no" reaches the app as its own 4xx problem, never as a 503 to retry.
@Suite struct HandlerRefusalTests {
    struct Closed: ActionHandler {
        var name: String { "closed" }

        func plan(_ event: ActionEvent) throws(HandlerRefusal) -> EffectPlan {
            throw HandlerRefusal(
                status: 422, kind: "order-shipped", title: "The order has shipped",
                detail: "Order \(event.subject?.id ?? "") left the warehouse; it can no longer be cancelled.")
        }
    }

    @Test func aRefusalIsItsOwnProblemAndNothingIsStored() throws {
        let registry = HandlerRegistry.standard.adding([Closed()])
        let document = #"""
            {"category": "order", "requiredUserInfo": ["orderId"], "subject": "orderId", "actions": [
              {"identifier": "cancel", "title": "Cancel", "handler": "closed"}]}
            """#
        let category = try RouteLoader(handlers: registry).decode(Array(document.utf8), file: "order.json").get()
        let keys = InMemoryKeyStore()
        let admin = try KeyIssuer(store: keys).create(name: "test", scopes: [.admin]).secret
        let store = InMemoryResponseStore()
        let api = ActionHubAPI(
            service: ResponseService(routes: RouteTable(categories: [category], handlers: registry), store: store),
            access: AccessControl(
                authenticator: Authenticator(
                    keys: keys, tokens: try TokenSigner(secret: Array(repeating: 7, count: 32)))),
            webhooks: InMemoryWebhookRegistry())
        let id = UUID().uuidString
        let body = #"""
            {"id": "\#(id)", "actionIdentifier": "cancel", "userId": "u-1",
             "notification": {"identifier": "push-1", "categoryIdentifier": "order",
               "date": "2026-12-01T09:00:00Z", "userInfo": {"orderId": "o-7"}}}
            """#
        let response = api.respond(
            to: HTTPRequest(
                method: "POST", path: "/v1/responses",
                headers: [("Authorization", "Bearer \(admin)"), ("Content-Type", "application/json")],
                body: Array(body.utf8))
        ).wait()
        #expect(response.status == 422)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Retry-After") == nil)
        let problem = try JSONParser().parse(response.body)
        #expect(problem["type"] == .string("urn:actionhub:problem:order-shipped"))
        #expect(problem["title"] == .string("The order has shipped"))
        #expect(problem["detail"] == .string("Order o-7 left the warehouse; it can no longer be cancelled."))
        #expect(try store.response(id: id) == nil)
    }
}
