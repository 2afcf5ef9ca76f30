/// What a store reads for a funnel: its devices' counts and every response that names one of its
/// pushes, for `FunnelReport` to count.
public struct FunnelData: Sendable, Equatable {
    /// One response event that carried a push's id back.
    public struct Response: Sendable, Equatable {
        public var pushId: String
        public var userId: String
        public var action: String
        /// From the push's first send to `respondedAt` (the receipt when the app gave none), in
        /// milliseconds; nil when no send of the push is recorded.
        public var millisecondsToAction: Int64?

        public init(pushId: String, userId: String, action: String, millisecondsToAction: Int64?) {
            self.pushId = pushId
            self.userId = userId
            self.action = action
            self.millisecondsToAction = millisecondsToAction
        }
    }

    public var sent: Int
    public var delivered: Int
    public var responses: [Response]

    public init(sent: Int, delivered: Int, responses: [Response]) {
        self.sent = sent
        self.delivered = delivered
        self.responses = responses
    }
}
