/// The aggregates one transaction adds, gathered while its events are recorded and written
/// once before it commits: the counts of a hot minute or a hot post change once per batch,
/// not once per event.
///
/// The user sets are the stores' own: a store adds each `userKeys` entry it did not hold yet
/// and counts the user in that bucket, by reporting it back with `userAdded` (SQLite) or in the
/// statement that adds the counts (PostgreSQL).
public struct StatsBatch: Sendable {
    /// One bucket of one action.
    public struct CountKey: Hashable, Sendable, Comparable {
        public var category: String
        public var bucket: StatsBucket
        public var start: Int64
        public var action: String

        public init(category: String, bucket: StatsBucket, start: Int64, action: String) {
            self.category = category
            self.bucket = bucket
            self.start = start
            self.action = action
        }

        public static func < (lhs: CountKey, rhs: CountKey) -> Bool {
            (lhs.category, lhs.bucket.code, lhs.start, lhs.action) < (
                rhs.category, rhs.bucket.code, rhs.start, rhs.action
            )
        }
    }

    /// A user seen in one bucket of one action.
    public struct UserKey: Hashable, Sendable, Comparable {
        public var count: CountKey
        public var userId: String

        public init(count: CountKey, userId: String) {
            self.count = count
            self.userId = userId
        }

        public static func < (lhs: UserKey, rhs: UserKey) -> Bool {
            (lhs.count, lhs.userId) < (rhs.count, rhs.userId)
        }
    }

    public struct PostKey: Hashable, Sendable, Comparable {
        public var category: String
        public var postId: String

        public init(category: String, postId: String) {
            self.category = category
            self.postId = postId
        }

        public static func < (lhs: PostKey, rhs: PostKey) -> Bool {
            (lhs.category, lhs.postId) < (rhs.category, rhs.postId)
        }
    }

    public private(set) var counts: [CountKey: ActionTally] = [:]
    /// Users of the batch per bucket, finest width first per event: a user already held in a
    /// minute is held in its hour and day too, so a store may skip the coarser ones.
    public private(set) var userKeys: [[UserKey]] = []
    public private(set) var posts: [PostKey: (likes: Int, replies: Int)] = [:]

    public init() {}

    public var isEmpty: Bool { counts.isEmpty && posts.isEmpty }

    /// Counts a committed event received at `receivedAt` (Unix milliseconds), with the likes and
    /// replies its handler added.
    public mutating func add(_ response: NewResponse, receivedAt: Int64, likes: [String], replies: [String]) {
        let second = receivedAt >= 0 ? receivedAt / 1000 : (receivedAt - 999) / 1000
        var chain: [UserKey] = []
        for bucket in StatsBucket.allCases {
            let key = CountKey(
                category: response.category, bucket: bucket, start: bucket.start(of: second), action: response.action)
            counts[key, default: ActionTally(count: 0, users: 0)].count += 1
            chain.append(UserKey(count: key, userId: response.userId))
        }
        userKeys.append(chain)
        for post in likes { posts[PostKey(category: response.category, postId: post), default: (0, 0)].likes += 1 }
        for post in replies { posts[PostKey(category: response.category, postId: post), default: (0, 0)].replies += 1 }
    }

    /// A user the store did not hold yet in `key`'s bucket.
    public mutating func userAdded(_ key: UserKey) {
        counts[key.count, default: ActionTally(count: 0, users: 0)].users += 1
    }

    /// The user keys once each, in key order: the order every writer takes their locks in.
    /// Sorted, then equal neighbours dropped: hashing every key into a set first cost as much as
    /// the sort (a few percent of a PostgreSQL writer's CPU).
    public var distinctUserKeys: [UserKey] {
        var keys = Array(userKeys.joined())
        keys.sort()
        var distinct: [UserKey] = []
        distinct.reserveCapacity(keys.count)
        for key in keys where distinct.last != key { distinct.append(key) }
        return distinct
    }
}
