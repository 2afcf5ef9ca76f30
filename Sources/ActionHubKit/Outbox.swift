import Foundation

/// Responses waiting to be delivered, and those that failed, as files in one folder: survives the
/// app being killed, and is shared with the app's extensions when the folder is in an App Group
/// container.
///
/// `pending/<id>.json` holds the exact bytes to send; `pending/<id>.state.json` the attempts so
/// far and when the next may start; `sending/<id>.json` an entry a process has claimed (moved
/// there by one rename, so of two processes only one gets it; the file's modification date is when
/// the claim lapses, so an entry whose sender died goes back); `failed/<id>.json` and
/// `failed/<id>.failure.json` what could not be delivered and why. Every file is written whole.
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
        for sub in ["pending", "sending", "failed"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub, isDirectory: true), withIntermediateDirectories: true)
        }
    }

    private func file(_ sub: String, _ name: String) -> URL {
        folder.appendingPathComponent(sub, isDirectory: true).appendingPathComponent(name)
    }

    private func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Written before `forward` awaits anything: from here on the response survives a crash. An id
    /// already in the outbox (waiting, being sent, or failed) is left as it is: the same response
    /// forwarded twice is kept once. Returns whether it was added.
    @discardableResult
    func add(id: String, body: Data, at now: Date) throws -> Bool {
        guard !exists(file("pending", "\(id).json")), !exists(file("sending", "\(id).json")),
            !exists(file("failed", "\(id).json"))
        else { return false }
        try ProtectedFile.write(body, to: file("pending", "\(id).json"))
        try update(id: id, State(queuedAt: now, attempts: 0, notBefore: now))
        return true
    }

    func update(id: String, _ state: State) throws {
        try ProtectedFile.write(try JSONEncoder().encode(state), to: file("pending", "\(id).state.json"))
    }

    /// Takes the entry for this process to send, until `until`; nil when it is not waiting (another
    /// process has it, or it is gone).
    func claim(id: String, until: Date) -> Entry? {
        let waiting = file("pending", "\(id).json")
        let claimed = file("sending", "\(id).json")
        // The lapse time goes on before the rename, so no other process ever sees the claim
        // without it (and takes it back as lapsed).
        try? FileManager.default.setAttributes([.modificationDate: until], ofItemAtPath: waiting.path)
        guard rename(waiting.path, claimed.path) == 0 else { return nil }
        guard let body = FileManager.default.contents(atPath: claimed.path) else { return nil }
        return Entry(id: id, body: body, state: state(of: id))
    }

    /// Moves when a claim lapses: a deferred attempt handed to the system holds it longer.
    func holdClaim(id: String, until: Date) {
        try? FileManager.default.setAttributes(
            [.modificationDate: until], ofItemAtPath: file("sending", "\(id).json").path)
    }

    /// Gives a claimed entry back, with its new state, for whoever sends next.
    func release(id: String, _ state: State) throws {
        try update(id: id, state)
        let claimed = file("sending", "\(id).json")
        guard exists(claimed) else { return }
        guard rename(claimed.path, file("pending", "\(id).json").path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: claimed.path])
        }
    }

    /// The entry, waiting or claimed; nil when it has left the outbox.
    func entry(id: String) -> Entry? {
        let body =
            FileManager.default.contents(atPath: file("sending", "\(id).json").path)
            ?? FileManager.default.contents(atPath: file("pending", "\(id).json").path)
        return body.map { Entry(id: id, body: $0, state: state(of: id)) }
    }

    /// Whether the id is still waiting or being sent.
    func contains(id: String) -> Bool {
        exists(file("pending", "\(id).json")) || exists(file("sending", "\(id).json"))
    }

    private func state(of id: String) -> State {
        FileManager.default.contents(atPath: file("pending", "\(id).state.json").path)
            .flatMap { try? JSONDecoder().decode(State.self, from: $0) }
            ?? State(queuedAt: .distantPast, attempts: 0, notBefore: .distantPast)
    }

    /// Every entry waiting, oldest first; claims that lapsed (their sender died) are taken back
    /// first. An entry whose state file is missing (the app died between the two writes) is due now.
    public func pending(now: Date = Date()) -> [Entry] {
        let sending = folder.appendingPathComponent("sending", isDirectory: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: sending.path)) ?? [] {
            let claimed = sending.appendingPathComponent(name)
            let lapses = (try? FileManager.default.attributesOfItem(atPath: claimed.path))?[.modificationDate] as? Date
            if let lapses, lapses < now { _ = rename(claimed.path, file("pending", name).path) }
        }
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("pending", isDirectory: true).path)) ?? []
        let entries = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".state.json") }.compactMap {
            name -> Entry? in
            let id = String(name.dropLast(".json".count))
            guard let body = FileManager.default.contents(atPath: file("pending", name).path) else { return nil }
            return Entry(id: id, body: body, state: state(of: id))
        }
        return entries.sorted { ($0.state.queuedAt, $0.id) < ($1.state.queuedAt, $1.id) }
    }

    /// When the first claim some process holds lapses: then a pass must look again, since its
    /// sender may have died with it (nil when nothing is being sent).
    func firstClaimLapse() -> Date? {
        let sending = folder.appendingPathComponent("sending", isDirectory: true)
        return ((try? FileManager.default.contentsOfDirectory(atPath: sending.path)) ?? []).compactMap {
            (try? FileManager.default.attributesOfItem(atPath: sending.appendingPathComponent($0).path))?[
                .modificationDate] as? Date
        }.min()
    }

    /// Nothing waits and nothing is being sent.
    public var isEmpty: Bool {
        pending().isEmpty && sending().isEmpty
    }

    /// Ids of the entries some process is sending now.
    public func sending() -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("sending", isDirectory: true).path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
    }

    func remove(id: String) {
        for url in [file("sending", "\(id).json"), file("pending", "\(id).json"), file("pending", "\(id).state.json")] {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Moves the entry to `failed/` with why.
    func fail(_ entry: Entry, _ failure: DeliveryFailure) throws {
        try ProtectedFile.write(entry.body, to: file("failed", "\(entry.id).json"))
        try ProtectedFile.write(try JSONEncoder().encode(failure), to: file("failed", "\(entry.id).failure.json"))
        remove(id: entry.id)
    }

    /// What could not be delivered, oldest first.
    public func failures() -> [DeliveryFailure] {
        let failed = folder.appendingPathComponent("failed", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: failed.path)) ?? []
        return names.filter { $0.hasSuffix(".failure.json") }
            .compactMap { name in
                FileManager.default.contents(atPath: failed.appendingPathComponent(name).path)
                    .flatMap { try? JSONDecoder().decode(DeliveryFailure.self, from: $0) }
            }
            .sorted { ($0.failedAt, $0.id) < ($1.failedAt, $1.id) }
    }

    /// Forgets a failure once the app has dealt with it.
    public func dismissFailure(id: String) {
        for name in ["\(id).json", "\(id).failure.json"] {
            try? FileManager.default.removeItem(at: file("failed", name))
        }
    }
}
