/// Writes JSON text field by field straight into bytes: for answers whose shape the code knows,
/// with no `JSONValue` tree to allocate and walk first. Commas are placed by the writer; the
/// caller writes a key before each member's value.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// A value or member came before, so the next one needs a comma.
    private var followsValue = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        members(&self)
        close(UInt8(ascii: "}"))
    }

    public mutating func array(_ elements: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "["))
        elements(&self)
        close(UInt8(ascii: "]"))
    }

    /// A member's key, one of the code's own names (nothing in it to escape); its value is
    /// written next.
    public mutating func key(_ name: StaticString) {
        separate()
        name.withUTF8Buffer { name in
            assert(!name.contains { JSONValue.needsEscape($0) }, "a key needs no escape")
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: name)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }
        followsValue = false
    }

    /// A member's key from data (an action identifier), escaped as a string is.
    public mutating func key(escaping name: String) {
        separate()
        JSONValue.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    public mutating func string(_ value: String) {
        separate()
        JSONValue.writeString(value, to: &bytes)
        followsValue = true
    }

    /// A string, or `null` for nil.
    public mutating func string(_ value: String?) {
        guard let value else { return self.value(.null) }
        string(value)
    }

    public mutating func integer(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        followsValue = true
    }

    /// With `sortedKeys`, objects inside are written in key order, as `serialized(sortedKeys:)` does.
    public mutating func value(_ value: JSONValue, sortedKeys: Bool = false) {
        separate()
        value.write(to: &bytes, sortedKeys: sortedKeys)
        followsValue = true
    }

    /// Text that is JSON already, e.g. a stored answer, spliced in unparsed.
    public mutating func json(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        followsValue = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        followsValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        followsValue = true
    }

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }
}
