/// Where each kind of a user's data lives, in the schema both databases share: the table and the
/// export's fields with their columns. Each store writes its own SQL from it (its JSON functions
/// differ); kinds are named as `PersonalDataKind`'s raw values.
public enum PersonalDataColumns {
    public struct Field: Sendable {
        public var name: String
        public var column: String
        /// Stored JSON text, embedded as JSON rather than as a string.
        public var isJSON = false
    }

    public static func table(of kind: String) -> (table: String, fields: [Field])? {
        switch kind {
        case "events":
            (
                "responses",
                fields(["id": "id", "category": "category", "actionIdentifier": "action", "receivedAt": "received_at"])
                    + [Field(name: "answer", column: "body", isJSON: true)]
                    + [Field(name: "notification", column: "notification", isJSON: true)]
            )
        case "likes": ("likes", fields(["postId": "post_id", "responseId": "response_id", "likedAt": "liked_at"]))
        case "replies":
            (
                "replies",
                fields([
                    "replyId": "reply_id", "postId": "post_id", "text": "text", "responseId": "response_id",
                    "createdAt": "created_at",
                ])
            )
        case "memberships":
            (
                "subject_members",
                fields([
                    "category": "category", "subject": "subject", "set": "set_name", "responseId": "response_id",
                    "at": "at",
                ])
            )
        case "choices":
            (
                "subject_answers",
                fields([
                    "category": "category", "subject": "subject", "choice": "choice_name", "value": "value",
                    "responseId": "response_id", "at": "at",
                ])
            )
        case "listEntries":
            (
                "subject_entries",
                fields([
                    "entryId": "entry_id", "category": "category", "subject": "subject", "list": "list_name",
                    "text": "text", "responseId": "response_id", "at": "at",
                ])
            )
        case "devices":
            (
                "devices",
                fields([
                    "token": "token", "environment": "environment", "topic": "topic", "state": "state",
                    "reason": "reason", "registeredAt": "registered_at",
                ])
            )
        default: nil
        }
    }

    private static func fields(_ pairs: KeyValuePairs<String, String>) -> [Field] {
        pairs.map { Field(name: $0.key, column: $0.value) }
    }
}
