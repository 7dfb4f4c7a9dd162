/// A connection the exchange reads and writes, plain or TLS, every call bounded by the deadline.
protocol ByteStream: AnyObject {
    /// Up to `maximum` bytes as soon as some are there; empty at the end of the stream.
    func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8]
    /// All of `bytes`.
    func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure)
}
