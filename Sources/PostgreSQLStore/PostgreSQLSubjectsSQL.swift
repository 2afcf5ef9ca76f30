/// Subjects' sets, choices and lists on PostgreSQL (migration 0011), and the statements that
/// change and read them. Each change and the count it moves are one statement, one round trip.
/// The `_by_time` indexes serve the rankings within a window (`/v1/stats/subjects`).
enum PostgreSQLSubjectsSQL {
    static let tables = """
        CREATE TABLE subject_members (
            position bigserial PRIMARY KEY,
            category text NOT NULL,
            subject text NOT NULL,
            set_name text NOT NULL,
            user_id text NOT NULL,
            response_id text NOT NULL,
            at text NOT NULL,
            UNIQUE (category, subject, set_name, user_id)
        );
        CREATE INDEX subject_members_by_set ON subject_members (category, subject, set_name, position);
        CREATE INDEX subject_members_by_time ON subject_members (category, set_name, at);
        CREATE TABLE subject_answers (
            position bigserial PRIMARY KEY,
            category text NOT NULL,
            subject text NOT NULL,
            choice_name text NOT NULL,
            user_id text NOT NULL,
            value text NOT NULL,
            previous_value text,
            response_id text NOT NULL,
            at text NOT NULL,
            UNIQUE (category, subject, choice_name, user_id)
        );
        CREATE INDEX subject_answers_by_choice ON subject_answers (category, subject, choice_name, position);
        CREATE INDEX subject_answers_by_time ON subject_answers (category, choice_name, value, at);
        CREATE TABLE subject_entries (
            position bigserial PRIMARY KEY,
            entry_id text NOT NULL,
            category text NOT NULL,
            subject text NOT NULL,
            list_name text NOT NULL,
            user_id text NOT NULL,
            text text NOT NULL,
            response_id text NOT NULL,
            at text NOT NULL
        );
        CREATE INDEX subject_entries_by_list ON subject_entries (category, subject, list_name, position);
        CREATE INDEX subject_entries_by_time ON subject_entries (category, list_name, at);
        CREATE TABLE subject_counts (
            category text NOT NULL,
            subject text NOT NULL,
            kind text NOT NULL,
            name text NOT NULL,
            value text NOT NULL,
            count bigint NOT NULL,
            PRIMARY KEY (category, subject, kind, name, value)
        );
        """

    /// Prepared on every writer connection. Each answers in one row; a statement's own SELECT sees
    /// the counts as they were before it, so its answer is corrected by what it changed.
    static let writerStatements: [(name: String, sql: String)] = [
        // $1 category, $2 subject, $3 set, $4 user, $5 response, $6 at → (added, count after).
        (
            "toggle_add",
            """
            WITH added AS (
                INSERT INTO subject_members (category, subject, set_name, user_id, response_id, at)
                VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1
            ), counted AS (
                INSERT INTO subject_counts (category, subject, kind, name, value, count)
                SELECT $1, $2, 'set', $3, '', 1 FROM added
                ON CONFLICT (category, subject, kind, name, value) DO UPDATE SET count = subject_counts.count + 1
                RETURNING count
            )
            SELECT (SELECT count(*) FROM added), coalesce((SELECT count FROM counted), (
                SELECT count FROM subject_counts
                WHERE category = $1 AND subject = $2 AND kind = 'set' AND name = $3 AND value = ''), 0)
            """
        ),
        // $1 category, $2 subject, $3 set, $4 user → (removed, count after).
        (
            "toggle_remove",
            """
            WITH removed AS (
                DELETE FROM subject_members WHERE category = $1 AND subject = $2 AND set_name = $3 AND user_id = $4
                RETURNING 1
            ), counted AS (
                UPDATE subject_counts SET count = count - 1
                WHERE category = $1 AND subject = $2 AND kind = 'set' AND name = $3 AND value = ''
                  AND EXISTS (SELECT 1 FROM removed)
                RETURNING count
            )
            SELECT (SELECT count(*) FROM removed), coalesce((SELECT count FROM counted), (
                SELECT count FROM subject_counts
                WHERE category = $1 AND subject = $2 AND kind = 'set' AND name = $3 AND value = ''), 0)
            """
        ),
        // $1 category, $2 subject, $3 choice, $4 user, $5 value, $6 response, $7 at → one row per
        // counted value as before the statement: (changed, previous value, value, count). A changed
        // answer takes a new position, so the listing shows it first; previous_value is the value
        // the row had under its lock (PostgreSQL 15 has no RETURNING OLD).
        (
            "choose",
            """
            WITH answered AS (
                INSERT INTO subject_answers AS answer
                    (category, subject, choice_name, user_id, value, previous_value, response_id, at)
                VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)
                ON CONFLICT (category, subject, choice_name, user_id) DO UPDATE
                    SET value = excluded.value, previous_value = answer.value, response_id = excluded.response_id,
                        at = excluded.at, position = nextval('subject_answers_position_seq')
                    WHERE answer.value <> excluded.value
                RETURNING previous_value
            ), uncounted AS (
                UPDATE subject_counts SET count = count - 1
                WHERE category = $1 AND subject = $2 AND kind = 'choice' AND name = $3
                  AND value = (SELECT previous_value FROM answered)
            ), counted AS (
                INSERT INTO subject_counts (category, subject, kind, name, value, count)
                SELECT $1, $2, 'choice', $3, $5, 1 FROM answered
                ON CONFLICT (category, subject, kind, name, value) DO UPDATE SET count = subject_counts.count + 1
            )
            SELECT (SELECT count(*) FROM answered), (SELECT previous_value FROM answered), kept.value, kept.count
            FROM (SELECT 1) AS one LEFT JOIN (
                SELECT value, count FROM subject_counts
                WHERE category = $1 AND subject = $2 AND kind = 'choice' AND name = $3
            ) AS kept ON true
            """
        ),
        // $1 entry, $2 category, $3 subject, $4 list, $5 user, $6 text, $7 response, $8 at.
        (
            "append_entry",
            """
            WITH appended AS (
                INSERT INTO subject_entries (entry_id, category, subject, list_name, user_id, text, response_id, at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING 1
            )
            INSERT INTO subject_counts (category, subject, kind, name, value, count)
            SELECT $2, $3, 'list', $4, '', 1 FROM appended
            ON CONFLICT (category, subject, kind, name, value) DO UPDATE SET count = subject_counts.count + 1
            """
        ),
    ]

    static let readerStatements: [(name: String, sql: String)] = [
        ("subject_counts", "SELECT kind, name, value, count FROM subject_counts WHERE category = $1 AND subject = $2"),
        (
            "subject_user_state",
            """
            SELECT 'set', set_name, '' FROM subject_members WHERE category = $1 AND subject = $2 AND user_id = $3
            UNION ALL
            SELECT 'choice', choice_name, value FROM subject_answers
            WHERE category = $1 AND subject = $2 AND user_id = $3
            """
        ),
        // $1 category, $2 subject, $3 set, choice or list, $4 below this position, $5 rows.
        (
            "members_page",
            """
            SELECT position, user_id, response_id, at FROM subject_members
            WHERE category = $1 AND subject = $2 AND set_name = $3 AND position < $4 ORDER BY position DESC LIMIT $5
            """
        ),
        (
            "answers_page",
            """
            SELECT position, user_id, value, response_id, at FROM subject_answers
            WHERE category = $1 AND subject = $2 AND choice_name = $3 AND position < $4 ORDER BY position DESC LIMIT $5
            """
        ),
        (
            "entries_page",
            """
            SELECT position, entry_id, user_id, text, response_id, at FROM subject_entries
            WHERE category = $1 AND subject = $2 AND list_name = $3 AND position < $4 ORDER BY position DESC LIMIT $5
            """
        ),
        // $1 category, $2 set, list or choice, $3 the choice's value (ignored otherwise), $4 from,
        // $5 to, $6 rows.
        (
            "top_members",
            """
            SELECT subject, count(*) AS n FROM subject_members
            WHERE category = $1 AND set_name = $2 AND at >= $4 AND at < $5 AND $3::text IS NULL
            GROUP BY subject ORDER BY n DESC, subject LIMIT $6
            """
        ),
        (
            "top_entries",
            """
            SELECT subject, count(*) AS n FROM subject_entries
            WHERE category = $1 AND list_name = $2 AND at >= $4 AND at < $5 AND $3::text IS NULL
            GROUP BY subject ORDER BY n DESC, subject LIMIT $6
            """
        ),
        (
            "top_answers",
            """
            SELECT subject, count(*) AS n FROM subject_answers
            WHERE category = $1 AND choice_name = $2 AND value = $3 AND at >= $4 AND at < $5
            GROUP BY subject ORDER BY n DESC, subject LIMIT $6
            """
        ),
    ]
}
