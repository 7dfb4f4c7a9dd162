import Foundation
import Networking
import RemoteConfigInterface

/// The decoders of what Firebase's services send, on bytes already received, for the package's
/// fuzz targets and their corpus replay: each reaches the same code a live answer does.
package enum FirebaseAnswerDecoding {
    /// What a fetch answered with `status` and `body` stands for: the template's entries and
    /// version, nil for "unchanged", or the typed error.
    package static func fetchAnswer(status: Int, body: [UInt8]) -> Result<(entries: [String: String], version: String?)?, RemoteConfigError>
    {
        FetchResponseParser.parse(HTTPResponse(statusCode: status, body: Data(body))).map { reply in
            switch reply {
            case .unchanged: nil
            case .template(let template, _): (template.entries, template.templateVersion)
            }
        }
    }

    /// The versions (or `featureDisabled` / retry notices, as nil) of the real-time messages in
    /// `bytes`, delivered in pieces of `pieceSize`, or the error that ends the stream.
    package static func realtimeMessages(in bytes: [UInt8], pieceSize: Int) -> Result<[Int?], RemoteConfigError> {
        var framer = RealtimeMessageFramer()
        var versions: [Int?] = []
        var offset = 0
        let size = max(pieceSize, 1)
        do throws(RemoteConfigError) {
            while offset < bytes.count {
                let piece = bytes[offset..<min(offset + size, bytes.count)]
                offset += piece.count
                for object in try framer.append(piece) {
                    versions.append(try RealtimeMessage(object).latestTemplateVersion)
                }
            }
            return .success(versions)
        } catch {
            return .failure(error)
        }
    }

    /// The installation a registration's answer describes, or why it is unusable.
    package static func registrationAnswer(_ body: [UInt8]) -> Result<String, RemoteConfigError> {
        Result { () throws(RemoteConfigError) in
            try FirebaseInstallations.registration(
                in: Data(body), sentFID: "dAAAAAAAAAAAAAAAAAAAAA", projectID: "fuzz", now: Date(timeIntervalSince1970: 0)
            ).fid
        }
    }
}
