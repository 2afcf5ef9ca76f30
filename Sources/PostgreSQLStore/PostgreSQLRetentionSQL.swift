/// Retention's statements: each takes the oldest rows of one table from a window at its front
/// (`$2` rows by position; rows are appended in time order) that are older than the cutoff, so
/// that a call does bounded work whatever the table's size.
enum PostgreSQLRetentionSQL {
    /// `$1` the cutoff in Unix milliseconds, `$2` the window: the events and their deliveries.
    static let events = """
        WITH old AS (
            SELECT position FROM (SELECT position, received_at FROM responses ORDER BY position LIMIT $2) AS front
            WHERE coalesce(received_at, 0) < $1
        ), deliveries AS (
            DELETE FROM webhook_deliveries WHERE response_position IN (SELECT position FROM old) RETURNING 1
        ), events AS (
            DELETE FROM responses WHERE position IN (SELECT position FROM old) RETURNING 1
        )
        SELECT (SELECT count(*) FROM deliveries) + (SELECT count(*) FROM events)
        """

    /// `$1` the cutoff as RFC 3339 text, `$2` the window: what events made (the posts' counts
    /// are lowered by the delete triggers, the subjects' here).
    static let made = [
        plain("likes", time: "liked_at"), plain("replies", time: "created_at"),
        counted("subject_members", kind: "set", name: "set_name", value: "''"),
        counted("subject_answers", kind: "choice", name: "choice_name", value: "value"),
        counted("subject_entries", kind: "list", name: "list_name", value: "''"),
    ]

    /// `$1` the cutoff in Unix milliseconds, `$2` the most to remove: settled deliveries.
    static let deliveries = """
        DELETE FROM webhook_deliveries WHERE sequence IN (
            SELECT sequence FROM webhook_deliveries
            WHERE status <> 'pending' AND coalesce(delivered_at, next_attempt_at, created_at) < $1
            ORDER BY sequence LIMIT $2)
        """

    private static func plain(_ table: String, time: String) -> String {
        """
        DELETE FROM \(table) WHERE position IN (
            SELECT position FROM (SELECT position, \(time) AS at FROM \(table) ORDER BY position LIMIT $2) AS front
            WHERE at < $1)
        """
    }

    private static func counted(_ table: String, kind: String, name: String, value: String) -> String {
        """
        WITH old AS (
            SELECT position, category, subject, \(name) AS name, \(value) AS value
            FROM (SELECT * FROM \(table) ORDER BY position LIMIT $2) AS front WHERE at < $1
        ), lowered AS (
            UPDATE subject_counts AS c SET count = c.count - mine.n
            FROM (SELECT category, subject, name, value, count(*) AS n FROM old GROUP BY 1, 2, 3, 4) AS mine
            WHERE c.category = mine.category AND c.subject = mine.subject AND c.kind = '\(kind)'
                AND c.name = mine.name AND c.value = mine.value
            RETURNING 1
        ), gone AS (
            DELETE FROM \(table) WHERE position IN (SELECT position FROM old) RETURNING 1
        )
        SELECT count(*) FROM gone
        """
    }
}
