import Foundation
import Networking
import RemoteConfigInterface

/// Reads a fetch answer strictly: anything outside the protocol is an error, never a partial config.
enum FetchResponseParser {
    /// The reply an HTTP answer stands for, or the typed error it is.
    static func parse(_ answer: HTTPResponse) -> Result<FetchReply, RemoteConfigError> {
        let etag = answer.header("etag")
        switch answer.statusCode {
        case 304:
            return .success(.unchanged(etag: etag))
        case 200:
            return parseBody(answer.body).map { reply in
                switch reply {
                case .unchanged(_, let version): .unchanged(etag: etag, templateVersion: version)
                case .template(let template, _): .template(template, etag: etag)
                }
            }
        default:
            return .failure(.httpStatus(answer.statusCode, message: GoogleAPI.message(in: answer.body)))
        }
    }

    /// Whether a status starts a back-off: the server is overloaded or failing.
    static func startsBackoff(_ statusCode: Int) -> Bool {
        statusCode == 429 || (500...599).contains(statusCode)
    }

    private static func parseBody(_ body: Data) -> Result<FetchReply, RemoteConfigError> {
        // JSONSerialization rather than Decodable: it tells a non-string entry apart, by key.
        guard let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return .failure(.malformedResponse(.invalidJSON))
        }
        guard let object = json as? [String: Any] else { return .failure(.malformedResponse(.notAnObject)) }
        // Every 200 names the template version, NO_CHANGE included: the SDKs record it from each,
        // and the real-time stream is told it, or it announces the same version again and again.
        let templateVersion = version(of: object["templateVersion"])
        // Without a state, Android's SDK reads the answer as an update (its older server sent none).
        let state = object["state"].map { $0 as? String } ?? "UPDATE"
        guard let state else { return .failure(.malformedResponse(.missingState)) }
        switch state {
        case "NO_CHANGE":
            return .success(.unchanged(etag: nil, templateVersion: templateVersion))
        case "NO_TEMPLATE", "EMPTY_CONFIG":
            // As Firebase's SDKs: the project has no parameters for this app, so none are fetched.
            return .success(.template(RemoteTemplate(entries: [:], templateVersion: templateVersion), etag: nil))
        case "UPDATE":
            return entries(of: object["entries"]).map { entries in
                .template(RemoteTemplate(entries: entries, templateVersion: templateVersion), etag: nil)
            }
        default:
            return .failure(.malformedResponse(.unknownState(state)))
        }
    }

    private static func entries(of value: Any?) -> Result<[String: String], RemoteConfigError> {
        guard let value, !(value is NSNull) else { return .success([:]) }
        guard let object = value as? [String: Any] else { return .failure(.malformedResponse(.invalidEntries)) }
        var entries: [String: String] = [:]
        for key in object.keys.sorted() {
            guard let string = object[key] as? String else {
                return .failure(.malformedResponse(.nonStringValue(key: key)))
            }
            entries[key] = string
        }
        return .success(entries)
    }

    // The REST API sends the version as a string (an int64 in JSON); accept a number as well.
    private static func version(of value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
