import HTTP
import Testing

@Suite struct RouterTests {
    let router: Router<String> = {
        var router = Router<String>()
        router.add("POST", "/v1/responses", "submit")
        router.add("GET", "/v1/responses/{id}", "get")
        router.add("GET", "/v1/posts/{postId}/likes", "likes")
        return router
    }()

    @Test func matchesLiteralsAndDecodesParameters() {
        guard
            case .found(let handler, let parameters, let template) = router.match(
                method: "GET", path: "/v1/posts/a%2Fb%20c/likes")
        else {
            Issue.record("no match")
            return
        }
        #expect(handler == "likes")
        #expect(parameters == ["postId": "a/b c"])
        #expect(template == "/v1/posts/{postId}/likes")
    }

    @Test func headIsAnsweredByGet() {
        guard case .found(let handler, _, _) = router.match(method: "HEAD", path: "/v1/responses/x") else {
            Issue.record("no match")
            return
        }
        #expect(handler == "get")
    }

    @Test func otherMethodsAreNotAllowedWithTheAllowedList() {
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/v1/responses/x") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["GET", "HEAD"])
    }

    @Test(arguments: [
        "/v1/posts//likes", "/v1/posts/p/likes/", "/v1/responses", "/v2/responses/x", "v1/responses/x",
        "/v1/posts/%zz/likes", "/",
    ])
    func unknownShapesAreNotFound(_ path: String) {
        let match = router.match(method: "GET", path: path)
        if case .found = match { Issue.record("\(path) matched") }
        if path == "/v1/responses", case .methodNotAllowed(let allowed) = match {
            #expect(allowed == ["POST"])
        }
    }
}
