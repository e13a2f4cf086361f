extension Duration {
    /// The duration in milliseconds, for timings, logs, metrics and timeouts given in milliseconds.
    /// The one copy: Render's timings, the origin client's curl timeouts and the service's metrics use it.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
