import Basics

/// The writer, shareable between the store and the writer thread.
final class WriterBox: Sendable {
    let writer: Locked<Writer>

    init(_ writer: sending Writer) {
        self.writer = Locked(writer)
    }
}
