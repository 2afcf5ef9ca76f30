/// The pagination and feed cursor decoders: any token either fails or round-trips exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let token = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let cursor = PageCursor(token: token) {
        guard cursor.token == token, cursor.position > 0 else { fatalError("cursor does not round-trip") }
    }
    if let cursor = FeedCursor(token: token) {
        guard cursor.token == token, cursor.position >= 0 else { fatalError("feed cursor does not round-trip") }
    }
    return 0
}
