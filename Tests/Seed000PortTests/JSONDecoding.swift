import Foundation

/// Turns JSON bytes into a value (`JSONDecoder`'s method), so that a test can hand the updater a mock
/// decoder, as the tutorial's `testSync` does.
protocol JSONDecoding: Sendable {
    /// The value of type `type` that `data` holds.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: JSONDecoding {}
