/// Writes JSON text field by field straight into bytes: for answers whose shape the code knows,
/// with no `JSONValue` tree to allocate and walk first. Commas are placed by the writer; the
/// caller writes a key before each member's value.
public struct JSONWriter: ~Copyable {
    private var output: JSONBuffer
    /// A value or member came before, so the next one needs a comma.
    private var followsValue = false

    public init(capacity: Int = 256) {
        output = JSONBuffer(capacity: capacity)
    }

    /// A copy of the text written so far.
    public var bytes: [UInt8] { output.bytes }

    public var text: String { output.text }

    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        openObject()
        members(&self)
        closeObject()
    }

    public mutating func array(_ elements: (inout JSONWriter) -> Void) {
        openArray()
        elements(&self)
        closeArray()
    }

    /// For text written as its parts arrive (a page streamed from the store); each open needs its
    /// close. Otherwise `object` and `array` pair them.
    public mutating func openObject() { open(UInt8(ascii: "{")) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray() { open(UInt8(ascii: "[")) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A member's key, one of the code's own names (nothing in it to escape); its value is
    /// written next.
    public mutating func key(_ name: StaticString) {
        separate()
        assert(!name.withUTF8Buffer { $0.contains { JSONValue.needsEscape($0) } }, "a key needs no escape")
        output.append(UInt8(ascii: "\""))
        output.append(name)
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
        followsValue = false
    }

    /// A member's key from data (an action identifier), escaped as a string is.
    public mutating func key(escaping name: String) {
        separate()
        output.appendQuoted(name)
        output.append(UInt8(ascii: ":"))
        followsValue = false
    }

    public mutating func string(_ value: String) {
        separate()
        output.appendQuoted(value)
        followsValue = true
    }

    /// A string given as UTF-8 bytes, e.g. a database's text in place.
    public mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        output.appendQuoted(bytes)
        followsValue = true
    }

    /// A string, or `null` for nil.
    public mutating func string(_ value: String?) {
        guard let value else { return self.value(.null) }
        string(value)
    }

    public mutating func integer(_ value: Int) {
        separate()
        output.append(String(value))
        followsValue = true
    }

    /// With `sortedKeys`, objects inside are written in key order, as `serialized(sortedKeys:)` does.
    public mutating func value(_ value: JSONValue, sortedKeys: Bool = false) {
        separate()
        value.write(to: &output, sortedKeys: sortedKeys)
        followsValue = true
    }

    /// Text that is JSON already, e.g. a stored answer, spliced in unparsed.
    public mutating func json(_ text: String) {
        separate()
        output.append(text)
        followsValue = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        output.append(bracket)
        followsValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        output.append(bracket)
        followsValue = true
    }

    private mutating func separate() {
        if followsValue { output.append(UInt8(ascii: ",")) }
    }
}
