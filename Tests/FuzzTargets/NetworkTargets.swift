import Foundation
import Networking
import RemoteConfig
import RemoteConfigInterface

extension FuzzTarget {
    /// An HTTP/1.1 answer (status line, headers, a body by length, chunks or to the end), read in
    /// pieces whose size the input's first byte sets; the second byte's low bit asks as HEAD.
    static let httpAnswer = FuzzTarget("http-answer", "an HTTP/1.1 answer: status line, headers, length, chunked or closed body") {
        let (parameter, rest) = $0.parameterAndRest
        let method = parameter & 0x80 == 0 ? "GET" : "HEAD"
        return AnswerDecoding.response(from: rest, method: method, readSize: parameter & 0x7F + 1, maximumBodySize: 1 << 16).outcome
    }

    /// A streamed answer's head and body pieces, as the real-time stream reads them.
    static let httpStream = FuzzTarget("http-stream", "a streamed HTTP/1.1 answer, its body handed out piece by piece") {
        let (parameter, rest) = $0.parameterAndRest
        return AnswerDecoding.streamedBody(from: rest, readSize: parameter + 1).outcome
    }

    /// A Remote Config fetch answer's body (200).
    static let fetchAnswer = FuzzTarget("fetch-answer", "the body of a Remote Config fetch answer") {
        FirebaseAnswerDecoding.fetchAnswer(status: 200, body: $0).outcome
    }

    /// Firebase Installations' answer to a registration.
    static let installationsAnswer = FuzzTarget("installations-answer", "Firebase Installations' answer to a registration") {
        FirebaseAnswerDecoding.registrationAnswer($0).outcome
    }

    /// The real-time stream's bytes, cut into messages, in pieces whose size the first byte sets.
    static let realtimeStream = FuzzTarget("realtime-stream", "the real-time stream: framing and each message") {
        let (parameter, rest) = $0.parameterAndRest
        return FirebaseAnswerDecoding.realtimeMessages(in: rest, pieceSize: parameter + 1).outcome
    }

    /// A `GoogleService-Info.plist` or `google-services.json`; the first byte's low bit chooses an app by name.
    static let firebaseOptions = FuzzTarget("firebase-options", "a GoogleService-Info.plist or google-services.json") {
        let (parameter, rest) = $0.parameterAndRest
        let app = parameter & 1 == 0 ? nil : "com.example.app"
        return Result { () throws(FirebaseOptionsError) in try FirebaseOptions(data: Data(rest), path: "options", app: app) }.outcome
    }
}
