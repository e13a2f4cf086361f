extension Duration {
    /// The duration in milliseconds, for timings, logs and metrics.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
