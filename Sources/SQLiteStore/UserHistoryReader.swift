import ActionHubDomain
import SQLite

/// A user's responses, newest first, from the index on (user_id, category, action, position)
/// (migration 0009): one position range per (category, action) the user has responded with, each
/// found with one index seek, read newest first and merged. A filter picks ranges instead of
/// skipping rows, so a page of a rare action costs a user with 200k responses what it costs one
/// with ten; on the index by (user_id, position) it read all 200k.
final class UserHistoryReader {
    private let nextCategory: SQLiteStatement
    private let nextAction: SQLiteStatement
    private let rangePage: SQLiteStatement

    init(connection: SQLiteConnection) throws {
        // Separate seeks per column: a row value `(category, action) > (?, ?)` seeks on the
        // category only and steps over every row of the category's earlier actions.
        nextCategory = try connection.prepare(
            """
            SELECT category, action FROM responses WHERE user_id = ?1 AND category > ?2
            ORDER BY category, action LIMIT 1
            """)
        nextAction = try connection.prepare(
            "SELECT action FROM responses WHERE user_id = ?1 AND category = ?2 AND action > ?3 ORDER BY action LIMIT 1")
        rangePage = try connection.prepare(
            """
            SELECT position, body FROM responses
            WHERE user_id = ?1 AND category = ?2 AND action = ?3 AND position < ?4 AND position > ?5
            ORDER BY position DESC LIMIT ?6
            """)
    }

    /// Call inside a read transaction: the ranges and their pages must describe the same moment.
    func responses(userId: String, filter: ResponseFilter, page: PageRequest) throws -> Page<String> {
        let wanted = page.limit + 1
        var rows: [(position: Int64, item: String)] = []
        for range in try ranges(userId, filter) {
            // Once the page is full, a range only has to be read above its oldest row.
            let floor = rows.count == wanted ? rows[rows.count - 1].position : 0
            let found = try rangePage.rows([
                .text(userId), .text(range.category), .text(range.action),
                .integer(page.cursor?.position ?? Int64.max), .integer(floor), .integer(Int64(wanted)),
            ]) { row in (position: row.integer(at: 0), item: row.text(at: 1) ?? "") }
            guard !found.isEmpty else { continue }
            rows = Array((rows + found).sorted { $0.position > $1.position }.prefix(wanted))
        }
        return Page(rows: rows, limit: page.limit)
    }

    /// The (category, action) ranges the filter selects, for actions and categories the user has
    /// responses under (categories and actions are never empty: routes reject empty ids).
    private func ranges(_ userId: String, _ filter: ResponseFilter) throws -> [(category: String, action: String)] {
        switch (filter.category, filter.action) {
        case (let category?, let action?):
            return [(category, action)]
        case (let category?, nil):
            var ranges: [(category: String, action: String)] = []
            var action = ""
            while let next = try actionAfter(action, in: category, userId) {
                ranges.append((category, next))
                action = next
            }
            return ranges
        case (nil, let action?):
            var ranges: [(category: String, action: String)] = []
            var category = ""
            while let next = try firstPairAfter(category, userId) {
                ranges.append((next.category, action))
                category = next.category
            }
            return ranges
        case (nil, nil):
            var ranges: [(category: String, action: String)] = []
            var pair = try firstPairAfter("", userId)
            while let current = pair {
                ranges.append(current)
                if let action = try actionAfter(current.action, in: current.category, userId) {
                    pair = (current.category, action)
                } else {
                    pair = try firstPairAfter(current.category, userId)
                }
            }
            return ranges
        }
    }

    private func firstPairAfter(_ category: String, _ userId: String) throws -> (category: String, action: String)? {
        try nextCategory.rows([.text(userId), .text(category)]) { row in
            (category: row.text(at: 0) ?? "", action: row.text(at: 1) ?? "")
        }.first
    }

    private func actionAfter(_ action: String, in category: String, _ userId: String) throws -> String? {
        try nextAction.rows([.text(userId), .text(category), .text(action)]) { $0.text(at: 0) ?? "" }.first
    }
}
