/// A `Duration` as seconds, for timings and time limits.
extension Duration {
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
