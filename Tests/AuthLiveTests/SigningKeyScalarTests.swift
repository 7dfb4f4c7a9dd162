import AuthTestSupport
import Foundation
import XCTest

@testable import AuthLive

/// A `.p8` whose P-256 private scalar is outside 1…n−1: OpenSSL loads such a key and signs with it,
/// so the key is refused when it is read, before it signs anything.
final class SigningKeyScalarTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("signing-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        try super.tearDownWithError()
    }

    private static let order = HandBuiltP256Key.order
    private static let zero = [UInt8](repeating: 0, count: 32)
    private static let one = Array(zero.dropLast()) + [1]
    private static let orderMinusOne = Array(order.dropLast()) + [order[31] - 1]
    private static let orderPlusOne = Array(order.dropLast()) + [order[31] + 1]
    private static let largest = [UInt8](repeating: 0xFF, count: 32)

    /// The public point of another, valid key: what a key file whose scalar was damaged still holds.
    private static var someonesPublicPoint: [UInt8] {
        [0x04] + Base64URL.decode(TestDeveloper.key.jwk["x"]!)! + Base64URL.decode(TestDeveloper.key.jwk["y"]!)!
    }

    /// Writes `pem` to a fresh `.p8` and loads it.
    private func load(_ pem: String) throws -> Result<AppleSigningKey, AppleSigningKeyError> {
        let file = directory.appendingPathComponent("AuthKey_\(UUID().uuidString).p8")
        try Data(pem.utf8).write(to: file)
        do {
            return .success(try AppleSigningKey(teamID: TestDeveloper.teamID, keyID: TestDeveloper.key.id, contentsOfFile: file.path))
        } catch {
            XCTAssertEqual(
                error.errorDescription,
                "the Sign in with Apple key file \(file.path) holds no usable P-256 private key: its private scalar is 0 or not "
                    + "below the curve's order")
            return .failure(error)
        }
    }

    func testAScalarOfZeroTheOrderOrMoreIsRefusedAtLoadWithoutShowingTheKey() throws {
        let outOfRange: [(String, [UInt8])] = [
            ("0", Self.zero), ("n", Self.order), ("n + 1", Self.orderPlusOne), ("2^256 − 1", Self.largest),
        ]
        for (name, scalar) in outOfRange {
            for publicPoint in [nil, Self.someonesPublicPoint] {
                let pem = HandBuiltP256Key.pkcs8PEM(scalar: scalar, publicPoint: publicPoint)
                switch try load(pem) {
                case .success:
                    XCTFail("the scalar \(name) (public point: \(publicPoint != nil)) was loaded")
                case .failure(let error):
                    XCTAssertEqual(error.problem, .privateScalarOutOfRange, name)
                    let body = pem.split(separator: "\n")[1]
                    XCTAssertFalse(error.errorDescription?.contains(body.prefix(24)) ?? true, "the key's bytes never appear")
                    XCTAssertFalse("\(error)".contains(body.prefix(24)), "the key's bytes never appear")
                }
            }
        }
    }

    func testTheScalarsNextToTheEdgesLoadAndSign() throws {
        for (name, scalar) in [("1", Self.one), ("n − 1", Self.orderMinusOne)] {
            guard case .success = try load(HandBuiltP256Key.pkcs8PEM(scalar: scalar)) else { return XCTFail(name) }
        }
        // The scalar 1's public key is the base point: its signatures check against G.
        guard case .success(let key) = try load(HandBuiltP256Key.pkcs8PEM(scalar: Self.one, publicPoint: HandBuiltP256Key.basePoint))
        else { return XCTFail("1 with its public point") }
        let message = Array("header.claims".utf8)
        let signature = try key.sign(message)
        let basePoint = HandBuiltP256Key.basePoint
        let material = PublicKeyMaterial.p256(x: Array(basePoint[1...32]), y: Array(basePoint[33...64]))
        XCTAssertTrue(try SignatureCheck.isValid(signature, over: message, material: material, algorithm: .es256))
    }
}
