/// Walks the rows of a newest-first page read with one row more than it holds: admits the first
/// `limit`, and the extra row, when there is one, only says that another page follows, starting
/// below the last row admitted.
public struct PageWindow {
    public let limit: Int
    private var admitted = 0
    private var lastPosition: Int64?
    private var more = false

    public init(limit: Int) {
        self.limit = limit
    }

    /// Whether the row at `position` belongs on the page; false once the page is full.
    public mutating func admit(position: Int64) -> Bool {
        guard admitted < limit else {
            more = true
            return false
        }
        admitted += 1
        lastPosition = position
        return true
    }

    /// Where the next page starts; nil when no row was left over.
    public var next: PageCursor? {
        more ? lastPosition.map { PageCursor(position: $0) } : nil
    }
}
