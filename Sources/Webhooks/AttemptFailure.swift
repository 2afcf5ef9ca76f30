/// Why an attempt could not be made.
struct AttemptFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
