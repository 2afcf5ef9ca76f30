import ActionHubKit

extension KitRoutes {
    /// The shipped social_post route as the kit sees it: what `gen ios` writes as
    /// `ActionHubRoutes.kit` for the repository's routes/ (pinned by its golden file).
    public static let socialPost = KitRoutes([
        KitRoutes.Category(
            identifier: "social_post", requiredUserInfo: ["postId"],
            actions: [
                "reply": nil, "like": nil,
                "com.apple.UNNotificationDefaultActionIdentifier": "socialapp://posts/{postId}",
                "com.apple.UNNotificationDismissActionIdentifier": nil,
            ], textLimits: ["reply": 500])
    ])
}
