import Foundation

/// Responses waiting to be delivered, and those that failed, as files in one folder: survives the
/// app being killed, and is shared with the app's extensions when the folder is in an App Group
/// container.
///
/// `pending/<id>.json` holds the exact bytes to send; `pending/<id>.state.json` the attempts so
/// far and when the next may start; `failed/<id>.json` and `failed/<id>.failure.json` what could
/// not be delivered and why. Every file is written whole (to a temporary file, then renamed), so a
/// crash leaves the old version or the new one, never half of one.
public struct Outbox: Sendable {
    public struct State: Codable, Sendable, Equatable {
        public var queuedAt: Date
        public var attempts: Int
        public var notBefore: Date
    }

    public struct Entry: Sendable, Equatable {
        public var id: String
        public var body: Data
        public var state: State
    }

    public let folder: URL

    public init(folder: URL) throws {
        self.folder = folder
        for sub in ["pending", "failed"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub, isDirectory: true), withIntermediateDirectories: true)
        }
    }

    private var pendingFolder: URL { folder.appendingPathComponent("pending", isDirectory: true) }
    private var failedFolder: URL { folder.appendingPathComponent("failed", isDirectory: true) }

    /// Written before `forward` returns: from here on the response survives a crash.
    func add(id: String, body: Data, at now: Date) throws {
        try Self.write(body, to: pendingFolder.appendingPathComponent("\(id).json"))
        try update(id: id, State(queuedAt: now, attempts: 0, notBefore: now))
    }

    func update(id: String, _ state: State) throws {
        try Self.write(try JSONEncoder().encode(state), to: pendingFolder.appendingPathComponent("\(id).state.json"))
    }

    /// Every pending entry, oldest first. An entry whose state file is missing (the app died
    /// between the two writes) is due now.
    public func pending() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pendingFolder.path)) ?? []
        let entries = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".state.json") }.compactMap {
            name -> Entry? in
            let id = String(name.dropLast(".json".count))
            guard let body = FileManager.default.contents(atPath: pendingFolder.appendingPathComponent(name).path)
            else { return nil }
            let stateData = FileManager.default.contents(
                atPath: pendingFolder.appendingPathComponent("\(id).state.json").path)
            let state =
                stateData.flatMap { try? JSONDecoder().decode(State.self, from: $0) }
                ?? State(queuedAt: .distantPast, attempts: 0, notBefore: .distantPast)
            return Entry(id: id, body: body, state: state)
        }
        return entries.sorted { ($0.state.queuedAt, $0.id) < ($1.state.queuedAt, $1.id) }
    }

    func remove(id: String) {
        for name in ["\(id).json", "\(id).state.json"] {
            try? FileManager.default.removeItem(at: pendingFolder.appendingPathComponent(name))
        }
    }

    /// Moves the entry to `failed/` with why.
    func fail(_ entry: Entry, _ failure: DeliveryFailure) throws {
        try Self.write(entry.body, to: failedFolder.appendingPathComponent("\(entry.id).json"))
        try Self.write(
            try JSONEncoder().encode(failure), to: failedFolder.appendingPathComponent("\(entry.id).failure.json"))
        remove(id: entry.id)
    }

    /// What could not be delivered, oldest first.
    public func failures() -> [DeliveryFailure] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: failedFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".failure.json") }
            .compactMap { name in
                FileManager.default.contents(atPath: failedFolder.appendingPathComponent(name).path)
                    .flatMap { try? JSONDecoder().decode(DeliveryFailure.self, from: $0) }
            }
            .sorted { ($0.failedAt, $0.id) < ($1.failedAt, $1.id) }
    }

    /// Forgets a failure once the app has dealt with it.
    public func dismissFailure(id: String) {
        for name in ["\(id).json", "\(id).failure.json"] {
            try? FileManager.default.removeItem(at: failedFolder.appendingPathComponent(name))
        }
    }

    private static func write(_ data: Data, to url: URL) throws {
        #if os(iOS) || os(watchOS) || os(tvOS) || os(visionOS)
            // Readable after the first unlock, so a background launch can still deliver.
            try data.write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        #else
            try data.write(to: url, options: [.atomic])
        #endif
    }
}
