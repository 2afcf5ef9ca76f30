/// The router's path matching and percent-decoding, and query decoding, on any bytes.
let router: Router<Int> = {
    var router = Router<Int>()
    router.add("POST", "/v1/responses", 1)
    router.add("GET", "/v1/responses/{id}", 2)
    router.add("GET", "/v1/posts/{postId}/likes", 3)
    router.add("GET", "/v1/users/{userId}/responses", 4)
    return router
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for method in ["GET", "POST", "HEAD", "DELETE"] {
        if case .found(_, let parameters, _) = router.match(method: method, path: text) {
            for value in parameters.values where value.isEmpty { fatalError("empty parameter matched") }
        }
    }
    for pair in text.split(separator: "&") {
        _ = PercentEncoding.decode(pair, plusAsSpace: true)
    }
    return 0
}
