extension Unicode.Scalar {
    /// General category Cc (U+0000–U+001F, U+007F–U+009F), tested by range: this runs on every
    /// character of every identifier and text.
    public var isControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
