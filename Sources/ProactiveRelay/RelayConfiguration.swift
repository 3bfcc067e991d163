/// How a relay listens and what it accepts.
public struct RelayConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port (0: any free port).
    public var port: Int
    /// The longest an envelope is kept (seconds).
    public var maximumEnvelopeLifetime: Int = 86_400
    /// The most envelopes waiting for one device.
    public var maximumEnvelopesPerDevice: Int = 1_000

    /// Creates a configuration.
    public init(host: String = "127.0.0.1", port: Int = 8790) {
        self.host = host
        self.port = port
    }
}
