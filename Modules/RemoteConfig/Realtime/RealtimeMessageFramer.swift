import Foundation
import RemoteConfigInterface

/// Cuts the real-time stream into complete JSON objects as bytes arrive, in either framing the
/// servers use: one JSON array sent piece by piece (`[`, objects separated by commas, `]`, objects
/// pretty-printed over many lines), or objects one after another. An object is given out only once
/// its closing brace has arrived, so a half-received message is never read. It keeps only the
/// unfinished object, never more than `maximumMessageSize` bytes, so a stream can run for days.
struct RealtimeMessageFramer {
    /// The largest message accepted.
    let maximumMessageSize: Int

    /// The bytes of the object being received.
    private var pending: [UInt8] = []
    /// Nesting depth inside the current object (0 between objects).
    private var depth = 0
    private var inString = false
    private var escaped = false

    init(maximumMessageSize: Int = 64 * 1024) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// The objects that `bytes` completes, in order; throws on bytes outside an object that are
    /// not array punctuation or white space, and on an object over the size limit.
    mutating func append(_ bytes: some Sequence<UInt8>) throws(RemoteConfigError) -> [Data] {
        var complete: [Data] = []
        for byte in bytes {
            if depth == 0 {
                switch byte {
                case UInt8(ascii: "{"):
                    depth = 1
                    pending = [byte]
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"),
                    UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    continue
                default:
                    throw .malformedResponse(.invalidJSON)
                }
                continue
            }
            pending.append(byte)
            guard pending.count <= maximumMessageSize else { throw .responseTooLarge(limit: maximumMessageSize) }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    complete.append(Data(pending))
                    pending = []
                }
            default: break
            }
        }
        return complete
    }
}

/// One message of the real-time stream.
struct RealtimeMessage: Equatable {
    /// The version of the template the server now serves, if the message says it.
    var latestTemplateVersion: Int?
    /// Whether the server turned real-time updates off for this app.
    var featureDisabled = false
    /// How long the server asks the client to wait before reconnecting, if it asks.
    var retryInterval: TimeInterval?

    /// The message in `object`; unknown fields are ignored, a message that is not a JSON object is
    /// malformed.
    init(_ object: Data) throws(RemoteConfigError) {
        guard let json = try? JSONSerialization.jsonObject(with: object), let fields = json as? [String: Any] else {
            throw .malformedResponse(.notAnObject)
        }
        latestTemplateVersion = Self.integer(fields["latestTemplateVersionNumber"])
        featureDisabled = (fields["featureDisabled"] as? Bool) ?? false
        retryInterval = Self.integer(fields["retryIntervalSeconds"]).map(TimeInterval.init)
    }

    init(latestTemplateVersion: Int?, featureDisabled: Bool = false, retryInterval: TimeInterval? = nil) {
        self.latestTemplateVersion = latestTemplateVersion
        self.featureDisabled = featureDisabled
        self.retryInterval = retryInterval
    }

    /// A version sent as a string (as Firebase does, an int64 in JSON) or as a number.
    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        case let number as NSNumber: number.intValue
        default: nil
        }
    }
}
