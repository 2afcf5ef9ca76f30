import ActionHubDomain
import Auth
import HTTP

/// Like and reply history, per post and per user, newest first.
extension ActionHubAPI {
    static let historyRoutes: [APIRoute] = [
        APIRoute("GET", "/v1/posts/{postId}/likes", .scopeOrUser(.historyRead)) { api, request in
            try api.postLikes(request)
        },
        APIRoute("GET", "/v1/posts/{postId}/replies", .scopeOrUser(.historyRead)) { api, request in
            try api.postReplies(request)
        },
        APIRoute("GET", "/v1/users/{userId}/responses", .scopeOrUser(.historyRead)) { api, request in
            try api.userResponses(request)
        },
    ]

    func postLikes(_ request: APIRequest) throws -> HTTPAnswer {
        let postId = request.parameter("postId")
        let page = try PageQuery.page(from: request.http)
        var json = PostListingJSON.likes(postId: postId, page: page)
        let next = try service.likes(postId: postId, page: page, into: &json)
        return .now(.json(json.finish(next: next)))
    }

    func postReplies(_ request: APIRequest) throws -> HTTPAnswer {
        let postId = request.parameter("postId")
        let page = try PageQuery.page(from: request.http)
        var json = PostListingJSON.replies(postId: postId, page: page)
        let next = try service.replies(postId: postId, page: page, into: &json)
        return .now(.json(json.finish(next: next)))
    }

    func userResponses(_ request: APIRequest) throws -> HTTPAnswer {
        let userId = request.parameter("userId")
        if case .user(let user) = request.principal, user != userId {
            throw Problem.forbidden("A user token reads only its own user's responses.")
        }
        let filter = try PageQuery.filter(from: request.http, routes: service.routes)
        let page = try service.responses(userId: userId, filter: filter, page: try PageQuery.page(from: request.http))
        return .now(.json(HistoryJSON.responses(page)))
    }
}
