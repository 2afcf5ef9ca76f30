import Foundation

/// Request decoder + validator: any bytes through the strict JSON parser, then the validator
/// against the shipped social_post route. Must never crash; whatever passes must re-serialize.
let routes: RouteTable = {
    let document = Array(
        #"""
        {"category": "social_post", "options": ["customDismissAction"], "requiredUserInfo": ["postId"],
         "actions": [
          {"identifier": "reply", "title": "Reply", "options": ["authenticationRequired"],
           "textInput": {"buttonTitle": "Send", "placeholder": "Write a reply", "maxLength": 500}, "handler": "reply"},
          {"identifier": "like", "title": "Like", "handler": "like"},
          {"identifier": "com.apple.UNNotificationDefaultActionIdentifier", "handler": "open-screen",
           "screen": "post", "deepLink": "socialapp://posts/{postId}"},
          {"identifier": "com.apple.UNNotificationDismissActionIdentifier", "handler": "dismiss"}]}
        """#.utf8)
    guard case .success(let category) = RouteLoader(handlers: .standard).decode(document, file: "social_post.json")
    else { fatalError("the fuzz route does not load") }
    return RouteTable(categories: [category])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let value = try? JSONParser().parse(bytes) else { return 0 }
    let text = value.serialized()
    guard (try? JSONParser().parse(text)) == value else { fatalError("serialization does not round-trip") }
    if let event = try? ResponseValidator(routes: routes).validate(value, receivedAt: "2026-11-30T09:00:00.000Z") {
        _ = event.fingerprint
    }
    return 0
}
