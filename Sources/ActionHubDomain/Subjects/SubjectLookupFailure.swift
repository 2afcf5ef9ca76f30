/// Why a subject read names nothing there is: answered as 404 with the known names.
public struct SubjectLookupFailure: Error, Sendable, Equatable {
    public var detail: String

    public init(_ detail: String) {
        self.detail = detail
    }
}
