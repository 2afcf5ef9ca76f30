import Foundation
import HTTPClient

/// `POST /v1/responses` bodies for the shipped social_post category, and a way to send them.
public enum RequestBodies {
    /// A like (or, with `text`, a reply) of `post` by `user`; a nil `user` leaves userId out.
    public static func response(
        id: String = UUID().uuidString, user: String? = "u-1", post: String = "p-1", text: String? = nil
    ) -> [UInt8] {
        var object = [
            #""id": "\#(id)""#, #""actionIdentifier": "\#(text == nil ? "like" : "reply")""#,
            #""notification": {"identifier": "push-1", "categoryIdentifier": "social_post", "date": "2026-11-30T09:00:00Z", "userInfo": {"postId": "\#(post)"}}"#,
        ]
        if let user { object.append(#""userId": "\#(user)""#) }
        if let text { object.append(#""userText": "\#(text)""#) }
        return Array(("{" + object.joined(separator: ", ") + "}").utf8)
    }

    public static func post(_ body: [UInt8], to client: HTTPClient) throws -> HTTPClientResponse {
        try client.send(
            method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")], body: body)
    }
}
