import ActionHubDomain
import Basics
import HTTP
import JSON

/// `GET /v1/users/{userId}/export` as it is sent: one JSON document, written a page of rows at a
/// time as the connection takes it, so that a user with a million rows costs one page of memory.
///
/// `{"userId": …, "exportedAt": …, "events": […], "likes": […], "replies": […], "memberships": […],
/// "choices": […], "listEntries": […]}`
final class UserExport: HTTPBodyStream, @unchecked Sendable {
    static let pageSize = 200

    private let store: any ResponseStore
    private let userId: String
    private let exportedAt: String
    // Only the connection's worker calls `next`, one call at a time.
    private var kinds = PersonalDataKind.allCases[...]
    private var after: Int64 = 0
    private var begun = false
    private var inKind = false
    private var rowsInKind = 0

    init(store: any ResponseStore, userId: String, exportedAt: String) {
        self.store = store
        self.userId = userId
        self.exportedAt = exportedAt
    }

    func next() throws -> [UInt8]? {
        var json = JSONWriter(capacity: 16 * 1024)
        if !begun {
            begun = true
            json.openObject()
            json.key("userId")
            json.string(userId)
            json.key("exportedAt")
            json.string(exportedAt)
            return json.bytes
        }
        guard let kind = kinds.first else { return nil }
        var text = ""
        if !inKind {
            inKind = true
            (after, rowsInKind) = (0, 0)
            text += ",\"\(kind.rawValue)\":["
        }
        let page = try store.personalData(userId: userId, kind: kind, after: after, limit: Self.pageSize)
        for row in page {
            text += rowsInKind == 0 ? row.json : "," + row.json
            rowsInKind += 1
        }
        after = page.last?.position ?? after
        if page.count < Self.pageSize {
            text += "]"
            inKind = false
            kinds = kinds.dropFirst()
            if kinds.isEmpty { text += "}" }
        }
        return Array(text.utf8)
    }
}
