extension Duration {
    /// The duration in seconds, as metrics and rate limits count it.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
