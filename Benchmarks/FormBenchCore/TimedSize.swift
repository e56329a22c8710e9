/// The time one encode took at one payload size: a point on a time-versus-N curve.
public struct TimedSize: Equatable, Sendable {
    /// The payload size (leaves).
    public let size: Int
    /// Seconds per encode.
    public let seconds: Double

    public init(size: Int, seconds: Double) {
        self.size = size
        self.seconds = seconds
    }
}
