/// The state declarative handlers keep for any category's subjects (migration 0010): set members,
/// each user's current value per choice, list entries, and their counts. Each listing reads one
/// index newest-first by `position`, like the post listings; a user who changes an answer or joins
/// a set again gets a new row, so the listing shows them first. The `_by_time` indexes serve the
/// rankings within a window (`/v1/stats/subjects`), which read only the window's rows.
enum SubjectsSQL {
    static let tables = """
        CREATE TABLE subject_members (
            position INTEGER PRIMARY KEY,
            category TEXT NOT NULL,
            subject TEXT NOT NULL,
            set_name TEXT NOT NULL,
            user_id TEXT NOT NULL,
            response_id TEXT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (category, subject, set_name, user_id)
        );
        CREATE INDEX subject_members_by_set ON subject_members (category, subject, set_name, position);
        CREATE INDEX subject_members_by_time ON subject_members (category, set_name, at);
        CREATE TABLE subject_answers (
            position INTEGER PRIMARY KEY,
            category TEXT NOT NULL,
            subject TEXT NOT NULL,
            choice_name TEXT NOT NULL,
            user_id TEXT NOT NULL,
            value TEXT NOT NULL,
            response_id TEXT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (category, subject, choice_name, user_id)
        );
        CREATE INDEX subject_answers_by_choice ON subject_answers (category, subject, choice_name, position);
        CREATE INDEX subject_answers_by_time ON subject_answers (category, choice_name, value, at);
        CREATE TABLE subject_entries (
            position INTEGER PRIMARY KEY,
            entry_id TEXT NOT NULL,
            category TEXT NOT NULL,
            subject TEXT NOT NULL,
            list_name TEXT NOT NULL,
            user_id TEXT NOT NULL,
            text TEXT NOT NULL,
            response_id TEXT NOT NULL,
            at TEXT NOT NULL
        );
        CREATE INDEX subject_entries_by_list ON subject_entries (category, subject, list_name, position);
        CREATE INDEX subject_entries_by_time ON subject_entries (category, list_name, at);
        CREATE TABLE subject_counts (
            category TEXT NOT NULL,
            subject TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (category, subject, kind, name, value)
        ) WITHOUT ROWID;
        """
}
