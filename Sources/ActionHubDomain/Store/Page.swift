/// Items of a listing, newest first, and where the next page starts (nil on the last page).
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: PageCursor?

    public init(items: [Item], next: PageCursor?) {
        self.items = items
        self.next = next
    }

    /// Builds a page from up to `limit + 1` rows with their positions: the extra row only tells
    /// that another page exists. Inlinable, so it is specialized for the store's item type.
    @inlinable
    public init(rows: [(position: Int64, item: Item)], limit: Int) {
        let pageRows = rows.prefix(limit)
        items = pageRows.map { $0.item }  // not \.item: a key path is built at run time, per page
        next = rows.count > limit ? pageRows.last.map { PageCursor(position: $0.position) } : nil
    }
}

/// A post's likes: the total and one page of them.
public struct PostLikes: Sendable {
    public var likeCount: Int
    public var page: Page<Like>

    public init(likeCount: Int, page: Page<Like>) {
        self.likeCount = likeCount
        self.page = page
    }
}

/// A post's replies: the total and one page of them.
public struct PostReplies: Sendable {
    public var replyCount: Int
    public var page: Page<Reply>

    public init(replyCount: Int, page: Page<Reply>) {
        self.replyCount = replyCount
        self.page = page
    }
}

/// Filters for a user's responses; nil matches all.
public struct ResponseFilter: Sendable, Equatable {
    public var category: String?
    public var action: String?

    public init(category: String? = nil, action: String? = nil) {
        self.category = category
        self.action = action
    }
}
