import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import XCTest

/// Apple's keys: fetched once, cached in memory and on disk, fetched again for an unknown `kid` at
/// most once a minute and before use when a day old, and "cannot verify now" (never "invalid") when
/// they are out of reach.
final class KeySetTests: LiveClientTestCase {
    func testKeysAreFetchedOnceAndThenServedFromMemory() async throws {
        let client = makeClient()
        for key in [TestKeys.rsa1, TestKeys.p256, TestKeys.rsa1] {
            let error = await refusal(of: token(key).signed(by: key), client: client)
            XCTAssertNil(error)
        }
        let count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)
    }

    func testAnUnknownKeyIDThenARotation() async throws {
        let client = makeClient()
        let rotated = token(TestKeys.rsa2).signed(by: TestKeys.rsa2)

        // rsa-2 is not published yet: one fetch, and the answer is definite.
        let unknown = await refusal(of: rotated, client: client)
        XCTAssertEqual(unknown, .invalidToken(.unknownKey))
        var count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)

        // Apple rotates. Within the minute the client does not ask again, however many tokens come;
        // it cannot tell whether the key exists now, so the answer is "try again", not "invalid".
        try await server.publish([TestKeys.rsa2, TestKeys.p256])
        clock.advance(by: 59)
        for _ in 0..<3 {
            let notYet = await refusal(of: token(TestKeys.rsa2).signed(by: TestKeys.rsa2), client: client)
            XCTAssertEqual(notYet, .cannotVerifyNow)
        }
        count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)

        // A minute after the last fetch, the unknown kid fetches the new set.
        clock.advance(by: 1)
        let accepted = await refusal(of: token(TestKeys.rsa2).signed(by: TestKeys.rsa2), client: client)
        XCTAssertNil(accepted)
        count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 2)

        // The withdrawn key no longer verifies anything, though it was cached: within the minute
        // nothing can be said, after it a fetch confirms the key is gone.
        let withdrawnSoon = await refusal(of: token(TestKeys.rsa1).signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(withdrawnSoon, .cannotVerifyNow)
        clock.advance(by: 60)
        let withdrawn = await refusal(of: token(TestKeys.rsa1).signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(withdrawn, .invalidToken(.unknownKey))
        count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 3)
    }

    func testTokensArrivingTogetherShareOneFetch() async throws {
        let client = makeClient()
        let tokens = (0..<8).map { index in
            var parts = token(index.isMultiple(of: 2) ? TestKeys.rsa1 : TestKeys.rsa2)
            parts.claims["jti"] = "\(index)"
            return parts.signed(by: index.isMultiple(of: 2) ? TestKeys.rsa1 : TestKeys.rsa2)
        }
        let results = await withTaskGroup(of: AuthenticationError?.self) { group in
            for token in tokens {
                group.addTask { await Self.refusal(of: token, client: client) }
            }
            var results: [AuthenticationError?] = []
            for await result in group { results.append(result) }
            return results
        }
        XCTAssertEqual(results.filter { $0 == nil }.count, 4)
        // A token that joined the fetch learns the key is unknown; one that came after it, within the
        // minute, cannot be verified now. Either way it is refused.
        XCTAssertEqual(results.filter { $0 == .invalidToken(.unknownKey) || $0 == .cannotVerifyNow }.count, 4)
        let count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)
    }

    func testOfflineWithACachedKeyStillVerifies() async throws {
        let client = makeClient()
        let first = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(first)
        server.stop()

        // The same process: from memory.
        clock.advance(by: 3600)
        let fromMemory = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(fromMemory)

        // A new process: from the disk copy.
        let restarted = makeClient()
        let fromDisk = await refusal(of: token(TestKeys.p256).signed(by: TestKeys.p256), client: restarted)
        XCTAssertNil(fromDisk)
        XCTAssertEqual(try mode(of: configuration().keySetCacheFile), 0o600)
    }

    func testKeysOlderThanADayAreFetchedAgainBeforeUse() async throws {
        let client = makeClient()
        let first = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(first)
        clock.advance(by: 24 * 3600 - 1)
        let withinADay = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(withinADay)
        var count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)

        // Apple withdrew rsa-1 meanwhile: a day after the fetch, the cache no longer speaks for it.
        try await server.publish([TestKeys.rsa2])
        clock.advance(by: 1)
        let withdrawn = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(withdrawn, .invalidToken(.unknownKey))
        count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 2)
        let current = await refusal(of: token(TestKeys.rsa2).signed(by: TestKeys.rsa2), client: client)
        XCTAssertNil(current)
    }

    func testKeysOlderThanADayAreNotUsedWhenTheyCannotBeFetchedAgain() async throws {
        let client = makeClient()
        let first = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(first)
        server.stop()
        clock.advance(by: 24 * 3600)
        let stale = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(stale, .cannotVerifyNow, "offline with day-old keys: nothing can be said")

        // The disk copy carries its date: a new process does not trust it either.
        let restarted = makeClient()
        let staleOnDisk = await refusal(of: token().signed(by: TestKeys.rsa1), client: restarted)
        XCTAssertEqual(staleOnDisk, .cannotVerifyNow)
    }

    func testAnUndatedDiskCopyIsFetchedAgain() async throws {
        let warmUp = await refusal(of: token().signed(by: TestKeys.rsa1), client: makeClient())
        XCTAssertNil(warmUp)
        // A cache written as a bare key set (no date), as an older version did.
        let file = configuration().keySetCacheFile
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let keySet = try XCTUnwrap(document?["keySet"])
        try JSONSerialization.data(withJSONObject: keySet).write(to: file)

        let restarted = makeClient()
        let verified = await refusal(of: token().signed(by: TestKeys.rsa1), client: restarted)
        XCTAssertNil(verified)
        let count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 2, "the undated copy was not trusted: the set was fetched again")
    }

    func testOfflineWithAnUnknownKeyCannotVerifyNow() async throws {
        // Never online: nothing cached at all.
        let offline = makeClient(keySetURL: offlineKeySetURL)
        let nothingCached = await refusal(of: token().signed(by: TestKeys.rsa1), client: offline)
        XCTAssertEqual(nothingCached, .cannotVerifyNow)

        // Keys cached, then offline, then a token with a kid the cache lacks: even a token that is
        // also expired is "cannot verify now", since its signature cannot be checked.
        let online = makeClient()
        let warmUp = await refusal(of: token().signed(by: TestKeys.rsa1), client: online)
        XCTAssertNil(warmUp)
        server.stop()
        let unknownKey = await refusal(of: token(TestKeys.rsa2).signed(by: TestKeys.rsa2), client: online)
        XCTAssertEqual(unknownKey, .cannotVerifyNow)
        var expired = token(TestKeys.rsa2)
        expired.claims["exp"] = Int(clock.now.timeIntervalSince1970) - 3600
        let restarted = makeClient()
        let expiredUnknown = await refusal(of: expired.signed(by: TestKeys.rsa2), client: restarted)
        XCTAssertEqual(expiredUnknown, .cannotVerifyNow)
        // The cached key still works meanwhile.
        let cached = await refusal(of: token().signed(by: TestKeys.rsa1), client: restarted)
        XCTAssertNil(cached)
    }

    func testAnUnreachableKeySetIsRetriedAfterTheMinuteAndThenVerifies() async throws {
        try await server.answer(status: 503)
        let client = makeClient()
        let failed = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(failed, .cannotVerifyNow)
        try await server.serveKeys()
        clock.advance(by: 30)
        let tooSoon = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(tooSoon, .cannotVerifyNow)
        var count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 1)
        clock.advance(by: 30)
        let recovered = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(recovered)
        count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 2)
    }

    func testADocumentThatIsNotAKeySetCannotVerifyNow() async throws {
        try await server.answer(status: 200, body: "<html>maintenance</html>")
        let error = await refusal(of: token().signed(by: TestKeys.rsa1))
        XCTAssertEqual(error, .cannotVerifyNow)
    }

    func testAKeySetWithADuplicateMemberNameCannotVerifyNow() async throws {
        func json(_ object: [String: String]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        let rsa1 = try json(TestKeys.rsa1.jwk)
        let documents = [
            #"{"keys":[\#(rsa1)],"keys":[]}"#,
            #"{"keys":[],"keys":[\#(rsa1)]}"#,
            #"{"keys":[{"n":"\#(TestKeys.rsa2.jwk["n"]!)","# + rsa1.dropFirst() + "]}",
            #"{"keys":[\#(rsa1.dropLast()),"k\u0069d":"rsa-2"}]}"#,
        ]
        for document in documents {
            try await server.answer(status: 200, body: document)
            let error = await refusal(of: token().signed(by: TestKeys.rsa1))
            XCTAssertEqual(error, .cannotVerifyNow, document)
        }
    }

    func testAKeySetOverPlainHTTPToAnotherMachineIsNotFetched() async throws {
        let client = makeClient(keySetURL: URL(string: "http://keys.example.invalid/auth/keys")!)
        let error = await refusal(of: token().signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(error, .cannotVerifyNow)
        XCTAssertTrue(logged.values.contains { $0.contains("neither HTTPS nor on this machine") }, "\(logged.values)")
    }

    func testUnusableEntriesAreSkippedNotFatal() async throws {
        var encryption = TestKeys.rsa2.jwk
        encryption["use"] = "enc"
        var weak = TestKeys.rsa2.renamed("short").jwk
        weak["n"] = base64URL([UInt8](repeating: 0xAB, count: 128))
        var wrongCurve = TestKeys.p256.renamed("p384").jwk
        wrongCurve["crv"] = "P-384"
        try await server.publish(jwks: [
            ["kty": "oct", "kid": "symmetric", "k": "c2VjcmV0"], encryption, weak, wrongCurve, TestKeys.rsa1.jwk,
        ])
        // A new client for each token, so that each unknown kid gets its own fetch.
        let good = await refusal(of: token().signed(by: TestKeys.rsa1))
        XCTAssertNil(good)
        let encryptionKey = await refusal(of: token(TestKeys.rsa2).signed(by: TestKeys.rsa2))
        XCTAssertEqual(encryptionKey, .invalidToken(.unknownKey))
        for kid in ["symmetric", "short", "p384"] {
            var unusable = token(kid == "p384" ? TestKeys.p256 : TestKeys.rsa1)
            unusable.header["kid"] = kid
            let error = await refusal(of: unusable.signed(by: kid == "p384" ? TestKeys.p256 : TestKeys.rsa1))
            XCTAssertEqual(error, .invalidToken(.unknownKey), kid)
        }
    }
}
