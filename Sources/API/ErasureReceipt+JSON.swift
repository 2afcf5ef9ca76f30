import ActionHubDomain
import JSON

extension ErasureReceipt {
    /// `{"userId", "erasedAt", "counts": {…}}`: the API's answer and the CLI's output.
    public var json: JSONObject {
        var counts: JSONObject = [:]
        for (name, count) in self.counts.named { counts[name] = .number(String(count)) }
        return ["userId": .string(userId), "erasedAt": .string(erasedAt), "counts": .object(counts)]
    }
}
