/// What an export of one user's data is made of, in the order it lists them.
public enum PersonalDataKind: String, CaseIterable, Sendable {
    /// The user's events: id, category, action, the stored answer and the push's content.
    case events
    case likes
    case replies
    /// Sets of subjects the user is in (bookmarks, attendees…).
    case memberships
    case choices
    case listEntries
    /// The user's registered devices.
    case devices
}
