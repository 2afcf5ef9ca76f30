import Basics
import Foundation

extension ResponseStore {
    /// Erases everything stored about `userId` (`erase(userId:)`) and says what went, when.
    public func erase(userId: String, at now: Date) throws -> ErasureReceipt {
        let counts = try erase(userId: userId)
        return ErasureReceipt(userId: userId, erasedAt: Timestamp.format(now), counts: counts)
    }
}
