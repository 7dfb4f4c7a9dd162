import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Scripts/remote-config-server.py` running on 127.0.0.1 with a port of its choosing, driven through
/// its `/__control/` endpoints.
///
/// Each control call comes in two forms: `try await` in async tests, plain `try` in synchronous
/// ones (the app's tests block on a child process anyway).
public final class LocalConfigServer: Sendable {
    /// A fetch or stream request as the server recorded it.
    public struct RecordedRequest: Decodable, Sendable {
        /// The request's path.
        public let path: String
        /// Its headers, as the client spelled them.
        public let headers: [String: String]
        /// The mode the server answered it with ("refused" for a refusal, "stream" for a stream).
        public let mode: String
        /// The status of a refusal.
        public let status: Int?
        /// Its JSON body, if it had one.
        public let body: [String: RecordedValue]?
        /// When it arrived, in seconds of the server's monotonic clock.
        public let time: Double?

        /// A header by name, ignoring case (the server keeps the client's spelling).
        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// A JSON value of a recorded body: text, or an object of texts (custom signals, analytics'
    /// user properties), or anything else.
    public enum RecordedValue: Decodable, Sendable, Equatable {
        /// A string.
        case text(String)
        /// An object whose values are strings.
        case object([String: String])
        /// Another JSON value (a number, an array, null).
        case other

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let object = try? container.decode([String: String].self) {
                self = .object(object)
            } else {
                self = .other
            }
        }

        /// The text, when the value is a string.
        public var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }
    }

    /// What the server knows of installations.
    public struct Installations: Decodable, Sendable {
        /// Successful registrations since start (or reset).
        public let registrations: Int
        /// Successful token renewals.
        public let tokenRefreshes: Int
        /// The installations registered now.
        public let installations: [Installation]
        /// Every registration request, refused or not, in order.
        public let attempts: [Attempt]

        /// One registration request.
        public struct Attempt: Decodable, Sendable, Equatable {
            /// The FID it sent.
            public let fid: String?
            /// The status it was answered with.
            public let status: Int
            /// Its `X-Android-Package` and `X-Android-Cert` headers.
            public let androidPackage: String?
            public let androidCert: String?
        }

        /// One registered installation.
        public struct Installation: Decodable, Sendable, Equatable {
            /// Its ID.
            public let fid: String
            /// The app it was registered for.
            public let appId: String
        }
    }

    private let server: ScriptServer
    /// The server's base URL, for the client's configuration.
    public var baseURL: URL { server.baseURL }

    /// Starts the server with the extra command-line `arguments`; waits until it prints its port.
    public init(arguments: [String] = []) throws {
        server = try ScriptServer(script: "remote-config-server.py", arguments: arguments)
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        server.stop()
    }

    /// Queues responses (`["mode": "429"]`, `["mode": "update", "delay": 2]`, ...) for the next fetches.
    public func script(_ responses: [[String: any Sendable]]) async throws {
        try await server.control("script", ["responses": responses])
    }

    /// Queues responses for the next fetches, blocking until the server has them.
    public func script(_ responses: [[String: any Sendable]]) throws {
        try server.controlWaiting("script", ["responses": responses])
    }

    /// Replaces the server's template; its version and ETag change.
    public func setTemplate(_ entries: [String: String]) async throws {
        try await server.control("template", ["entries": entries])
    }

    /// Replaces the server's template, blocking until the server has it.
    public func setTemplate(_ entries: [String: String]) throws {
        try server.controlWaiting("template", ["entries": entries])
    }

    /// Publishes a new template: its version rises, and open real-time streams announce it.
    public func publish(_ entries: [String: String]) async throws {
        try await server.control("publish", ["entries": entries])
    }

    /// Publishes one template after another, `interval` seconds apart: `entries` with `key` set to
    /// each number of `counts` in turn.
    public func publishSeries(_ entries: [String: String], key: String, counts: ClosedRange<Int>, interval: Double) async throws {
        try await server.control(
            "publish",
            [
                "entries": entries,
                "series": ["key": key, "from": counts.lowerBound, "to": counts.upperBound, "interval": interval] as [String: any Sendable],
            ])
    }

    /// Publishes a new template, blocking until the server has it.
    public func publish(_ entries: [String: String]) throws {
        try server.controlWaiting("publish", ["entries": entries])
    }

    /// A command line that publishes `entries` on this server and ends, for a step that runs a
    /// command while a terminal session goes on.
    public func publishCommand(_ entries: [String: String]) throws -> [String] {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["entries": entries]), as: UTF8.self)
        let post =
            "import sys, urllib.request; urllib.request.urlopen(urllib.request.Request("
            + "sys.argv[1], data=sys.argv[2].encode(), method='POST'), timeout=10)"
        return ["python3", "-c", post, baseURL.appendingPathComponent("__control/publish").absoluteString, body]
    }

    /// Makes every installation token issued so far expired, as a week's wait would.
    public func expireInstallationTokens() async throws {
        try await server.control("installations", ["expireTokens": true])
    }

    /// Forgets every installation, as one deleted on Firebase's side: its tokens are refused at once.
    public func deleteInstallations() async throws {
        try await server.control("installations", ["deleteAll": true])
    }

    /// Forgets every installation, blocking until the server has.
    public func deleteInstallations() throws {
        try server.controlWaiting("installations", ["deleteAll": true])
    }

    /// Makes the next registration answer with `fid` instead of the one the client sent.
    public func assignNextInstallationID(_ fid: String) async throws {
        try await server.control("installations", ["nextFid": fid])
    }

    /// Makes the next `count` registrations that pass every check answer `status`.
    public func failRegistrations(status: Int, count: Int = 1) async throws {
        try await server.control("installations", ["failRegistrations": ["status": status, "count": count] as [String: any Sendable]])
    }

    /// Sends every open stream `{"retryIntervalSeconds": seconds}`, then breaks it off.
    public func askStreamsToRetry(after seconds: Int) async throws {
        try await server.control("stream", ["retryIntervalSeconds": seconds])
    }

    /// The server's registrations and installations.
    public func installations() async throws -> Installations {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/installations"))
        return try JSONDecoder().decode(Installations.self, from: data)
    }

    /// The server's registrations and installations, blocking until they arrive.
    public func installationsWaiting() throws -> Installations {
        try JSONDecoder().decode(Installations.self, from: server.getWaiting("__control/installations"))
    }

    /// Every fetch and stream request received so far, blocking until they arrive.
    public func requestsWaiting() throws -> [RecordedRequest] {
        struct Requests: Decodable { let requests: [RecordedRequest] }
        return try JSONDecoder().decode(Requests.self, from: server.getWaiting("__control/requests")).requests
    }

    /// Closes every open real-time stream at once, as a network change would.
    public func dropStreams() async throws {
        try await server.control("drop", [:])
    }

    /// Answers new real-time streams with `status` for `seconds`.
    public func failStreams(status: Int, seconds: Double) async throws {
        try await server.control("stream", ["status": status, "seconds": seconds])
    }

    /// Tells open and new real-time streams that real-time updates are off (`featureDisabled`).
    public func disableRealtime() async throws {
        try await server.control("stream", ["featureDisabled": true])
    }

    /// Tells open and new real-time streams that real-time updates are off, blocking until the server has it.
    public func disableRealtime() throws {
        try server.controlWaiting("stream", ["featureDisabled": true])
    }

    /// Asks the server to shut down (open streams break off, as in a crash), then waits for it to exit.
    public func shutDown() async throws {
        try await server.control("stop", [:])
        server.stop()
    }

    /// How many real-time streams are open now.
    public func openStreams() async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/streams"))
        struct Streams: Decodable { let open: Int }
        return try JSONDecoder().decode(Streams.self, from: data).open
    }

    /// Every fetch request received so far.
    public func requests() async throws -> [RecordedRequest] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/requests"))
        struct Requests: Decodable { let requests: [RecordedRequest] }
        return try JSONDecoder().decode(Requests.self, from: data).requests
    }
}
