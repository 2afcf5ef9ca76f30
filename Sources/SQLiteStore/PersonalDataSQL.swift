import ActionHubDomain

/// Each kind of a user's data as JSON objects made by SQLite (`json_object`), so that a row is
/// read as the text the export sends: `?1` the user, `?2` the position after which, `?3` the limit.
enum PersonalDataSQL {
    static func query(_ kind: PersonalDataKind) -> String {
        let (table, object) = columns(kind)
        return """
            SELECT position, json_object(\(object)) FROM \(table)
            WHERE user_id = ?1 AND position > ?2 ORDER BY position LIMIT ?3
            """
    }

    private static func columns(_ kind: PersonalDataKind) -> (table: String, object: String) {
        switch kind {
        case .events:
            (
                "responses",
                """
                'id', id, 'category', category, 'actionIdentifier', action, 'receivedAt', received_at,
                'answer', json(body), 'notification', json(notification)
                """
            )
        case .likes: ("likes", "'postId', post_id, 'responseId', response_id, 'likedAt', liked_at")
        case .replies:
            (
                "replies",
                "'replyId', reply_id, 'postId', post_id, 'text', text, 'responseId', response_id, 'createdAt', created_at"
            )
        case .memberships:
            (
                "subject_members",
                "'category', category, 'subject', subject, 'set', set_name, 'responseId', response_id, 'at', at"
            )
        case .choices:
            (
                "subject_answers",
                """
                'category', category, 'subject', subject, 'choice', choice_name, 'value', value,
                'responseId', response_id, 'at', at
                """
            )
        case .listEntries:
            (
                "subject_entries",
                """
                'entryId', entry_id, 'category', category, 'subject', subject, 'list', list_name, 'text', text,
                'responseId', response_id, 'at', at
                """
            )
        }
    }
}
