import ActionHubDomain

/// The statements of an erasure, each taking the user id as `$1`, in the order they run.
enum PostgreSQLErasureSQL {
    /// The subjects' counts lose the user's rows before the rows go (likes' and replies' posts
    /// are lowered by their delete triggers).
    static let lowerSubjectCounts = [
        lowering(rows: "subject_members", kind: "set", name: "set_name", value: "''"),
        lowering(rows: "subject_answers", kind: "choice", name: "choice_name", value: "value"),
        lowering(rows: "subject_entries", kind: "list", name: "list_name", value: "''"),
    ]

    /// The stats count distinct users: the erased one stays one of them, under a random name.
    static let renameInStats = "UPDATE stats_users SET user_id = 'erased-' || gen_random_uuid() WHERE user_id = $1"

    /// Deliveries before their events, which find them.
    static var deletions: [(WritableKeyPath<ErasedCounts, Int>, String)] {
        [
            (
                \.webhookDeliveries,
                """
                DELETE FROM webhook_deliveries
                WHERE response_position IN (SELECT position FROM responses WHERE user_id = $1)
                """
            ),
            (\.likes, "DELETE FROM likes WHERE user_id = $1"),
            (\.replies, "DELETE FROM replies WHERE user_id = $1"),
            (\.memberships, "DELETE FROM subject_members WHERE user_id = $1"),
            (\.choices, "DELETE FROM subject_answers WHERE user_id = $1"),
            (\.listEntries, "DELETE FROM subject_entries WHERE user_id = $1"),
            (\.devices, "DELETE FROM devices WHERE user_id = $1"),
            (\.pushDeliveries, "DELETE FROM push_deliveries WHERE user_id = $1"),
            (\.events, "DELETE FROM responses WHERE user_id = $1"),
        ]
    }

    private static func lowering(rows table: String, kind: String, name: String, value: String) -> String {
        """
        UPDATE subject_counts AS c SET count = c.count - mine.n
        FROM (SELECT category, subject, \(name) AS name, \(value) AS value, count(*) AS n
              FROM \(table) WHERE user_id = $1 GROUP BY 1, 2, 3, 4) AS mine
        WHERE c.category = mine.category AND c.subject = mine.subject AND c.kind = '\(kind)'
            AND c.name = mine.name AND c.value = mine.value
        """
    }
}
