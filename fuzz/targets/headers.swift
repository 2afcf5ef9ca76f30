/// The header checks on any list of raw header lines ("name: value", split at the first colon).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let headers = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        return (name: Array(line[..<colon]), value: Array(line[colon...].dropFirst()))
    }
    if HeaderCheck.problem(in: headers) == nil {
        let lengths = headers.filter { String(decoding: $0.name, as: UTF8.self).lowercased() == "content-length" }
        if lengths.count > 1 { fatalError("two Content-Length accepted") }
    }
    return 0
}
