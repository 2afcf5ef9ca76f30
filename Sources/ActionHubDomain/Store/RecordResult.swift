/// What `ResponseStore.record` did with an event.
public enum RecordResult: Sendable, Equatable {
    /// Stored now; the answer body as committed.
    case created(body: String)
    /// Stored before with the same content; the answer body as first committed.
    case replayed(body: String)
    /// Stored before with other content; nothing changed.
    case conflict
    /// Its user was erased since it was stored: not stored again.
    case erased
}
