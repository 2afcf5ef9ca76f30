import ActionHubKit

extension KitRoutes {
    /// The shipped social_post route as the kit sees it: what `gen ios` writes as
    /// `ActionHubRoutes.kit` for the repository's routes/ (pinned by its golden file).
    public static let socialPost = KitRoutes([socialPostCategory])

    /// The shipped meeting_invite route as the kit sees it, beside social_post's.
    public static let shipped = KitRoutes([socialPostCategory, meetingInviteCategory])

    static let socialPostCategory = KitRoutes.Category(
        identifier: "social_post", requiredUserInfo: ["postId"], subject: "postId",
        actions: [
            "reply": nil, "like": nil,
            "com.apple.UNNotificationDefaultActionIdentifier": "socialapp://posts/{postId}",
            "com.apple.UNNotificationDismissActionIdentifier": nil,
        ], textLimits: ["reply": 500])

    static let meetingInviteCategory = KitRoutes.Category(
        identifier: "meeting_invite", requiredUserInfo: ["meetingId"], subject: "meetingId",
        actions: [
            "accept": nil, "decline": nil, "maybe": nil, "bookmark": nil, "unbookmark": nil, "feedback": nil,
            "com.apple.UNNotificationDefaultActionIdentifier": "calendarapp://meetings/{meetingId}",
            "com.apple.UNNotificationDismissActionIdentifier": nil,
        ], textLimits: ["feedback": 500])
}
