import Basics

/// The suspended connections waiting for their answer, kept for `HTTPServer.stop` to answer.
///
/// libmicrohttpd's suspend and resume run under the lock of the connection's shard: so a
/// connection is resumed once, by its answer or by `close`'s caller, and none is suspended after
/// `close`. One lock for all made every POST's worker thread and every writer wait for each other
/// (~0.7 futex calls per request under load, most of the server's); with the connections spread
/// over shards by address, two threads rarely meet on one.
final class ParkingLot<Item: AnyObject & Sendable>: Sendable {
    private struct Shard {
        var isOpen = true
        var parked: [ObjectIdentifier: Item] = [:]
    }

    private let shards: [Locked<Shard>]

    init(shardCount: Int = 64) {
        shards = (0..<max(1, shardCount)).map { _ in Locked(Shard()) }
    }

    /// Keeps `item` and runs `suspend` under its shard's lock; false, running nothing, once closed.
    func park(_ item: Item, suspending suspend: () -> Void) -> Bool {
        shard(of: item).withLock { shard in
            guard shard.isOpen else { return false }
            suspend()
            shard.parked[ObjectIdentifier(item)] = item
            return true
        }
    }

    /// Runs `resume` under the shard's lock and forgets `item`, unless `close` took it first.
    func unpark(_ item: Item, resuming resume: () -> Void) {
        shard(of: item).withLock { shard in
            guard shard.parked.removeValue(forKey: ObjectIdentifier(item)) != nil else { return }
            resume()
        }
    }

    /// Refuses any further parking and hands over what is parked, for the caller to resume.
    func close() -> [Item] {
        shards.flatMap { shard in
            shard.withLock { shard in
                shard.isOpen = false
                defer { shard.parked = [:] }
                return Array(shard.parked.values)
            }
        }
    }

    /// Objects are at least 16-byte aligned: the address's low bits say nothing.
    private func shard(of item: Item) -> Locked<Shard> {
        let address = UInt(bitPattern: Unmanaged.passUnretained(item).toOpaque())
        return shards[Int((address >> 4) % UInt(shards.count))]
    }
}
