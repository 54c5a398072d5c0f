/// What the server accepts at most: bounded memory and time per connection, whatever a client sends.
public struct HTTPLimits: Sendable {
    /// The request line and headers, in bytes.
    public var maximumHeaderBytes: Int
    /// The body, in bytes.
    public var maximumBodyBytes: Int
    /// How long a connection may take to send its request, in seconds.
    public var readTimeout: Int
    /// Connections handled at once; more wait in the listen queue.
    public var maximumConnections: Int

    /// Creates limits; the defaults: 16 KiB of headers, 4 MiB of body, 10 s, 16 connections.
    public init(maximumHeaderBytes: Int = 16 << 10, maximumBodyBytes: Int = 4 << 20, readTimeout: Int = 10, maximumConnections: Int = 16) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.readTimeout = readTimeout
        self.maximumConnections = maximumConnections
    }
}
