import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import XCTest

/// Identity tokens signed in the test, verified against the key set the local server publishes.
final class TokenVerificationTests: LiveClientTestCase {
    func testAValidRS256TokenIsAccepted() async throws {
        let identity = try await makeClient().verifyIdentityToken(
            token().signed(by: TestKeys.rsa1), expectedSubject: TestToken.userID)
        XCTAssertEqual(identity.subject, TestToken.userID)
        XCTAssertEqual(identity.audience, TestToken.clientID)
        XCTAssertEqual(identity.email, "ada@privaterelay.appleid.com")
        XCTAssertEqual(identity.isEmailVerified, true)
        XCTAssertEqual(identity.isPrivateEmail, true)
        XCTAssertEqual(identity.keyID, "rsa-1")
        XCTAssertEqual(identity.issuedAt, clock.now)
        XCTAssertEqual(identity.expiresAt, clock.now.addingTimeInterval(600))
    }

    func testAValidES256TokenIsAccepted() async {
        let error = await refusal(of: token(TestKeys.p256).signed(by: TestKeys.p256))
        XCTAssertNil(error)
    }

    func testAKeyWithoutAlgTakesItsAlgorithmFromItsType() async throws {
        try await server.publish([TestKeys.rsaWithoutAlgorithm])
        let key = TestKeys.rsaWithoutAlgorithm
        let error = await refusal(of: token(key).signed(by: key))
        XCTAssertNil(error)
    }

    func testABadSignatureIsRefused() async {
        var signature = TestKeys.rsa1.sign(token().signingInput)
        signature[17] ^= 0x01
        let flipped = await refusal(of: token().with(signature: signature))
        XCTAssertEqual(flipped, .invalidToken(.badSignature))

        // Signed by another key that claims to be rsa-1.
        let impostor = await refusal(of: token().signed(by: TestKeys.rsa2.renamed("rsa-1")))
        XCTAssertEqual(impostor, .invalidToken(.badSignature))

        // Claims changed after signing.
        var tampered = token()
        let original = tampered.signed(by: TestKeys.rsa1)
        tampered.claims["sub"] = "someone.else"
        let forged =
            tampered.encodedParts.header + "." + tampered.encodedParts.claims + "."
            + original.split(separator: ".")[2]
        let result = await refusal(of: forged)
        XCTAssertEqual(result, .invalidToken(.badSignature))

        let empty = await refusal(of: token().with(signature: []))
        XCTAssertEqual(empty, .invalidToken(.badSignature))
        var ecdsa = TestKeys.p256.sign(token(TestKeys.p256).signingInput)
        ecdsa[40] ^= 0x80
        let badECDSA = await refusal(of: token(TestKeys.p256).with(signature: ecdsa))
        XCTAssertEqual(badECDSA, .invalidToken(.badSignature))
        let shortECDSA = await refusal(of: token(TestKeys.p256).with(signature: Array(ecdsa.prefix(63))))
        XCTAssertEqual(shortECDSA, .invalidToken(.badSignature))
    }

    func testAlgNoneIsRefused() async {
        var unsigned = token()
        unsigned.header["alg"] = "none"
        let error = await refusal(of: unsigned.with(signature: []))
        XCTAssertEqual(error, .invalidToken(.unsupportedAlgorithm))
        unsigned.header["alg"] = "None"
        let capitalised = await refusal(of: unsigned.with(signature: []))
        XCTAssertEqual(capitalised, .invalidToken(.unsupportedAlgorithm))
    }

    func testHS256WithThePublicKeyAsTheSecretIsRefused() async throws {
        var confused = token()
        confused.header["alg"] = "HS256"
        let secrets: [[UInt8]] = [
            TestKeys.rsa1.publicKeyDER,
            Array(
                "-----BEGIN PUBLIC KEY-----\n\(Data(TestKeys.rsa1.publicKeyDER).base64EncodedString(options: .lineLength64Characters))\n-----END PUBLIC KEY-----\n"
                    .utf8),
            Array(try XCTUnwrap(TestKeys.rsa1.jwk["n"]).utf8),
        ]
        for secret in secrets {
            let error = await refusal(of: confused.with(signature: hmacSHA256(key: secret, message: confused.signingInput)))
            XCTAssertEqual(error, .invalidToken(.unsupportedAlgorithm))
        }
        for name in ["HS384", "HS512", "RS512", "PS256", "ES384", "rs256", ""] {
            confused.header["alg"] = name
            let error = await refusal(of: confused.signed(by: TestKeys.rsa1))
            XCTAssertEqual(error, .invalidToken(.unsupportedAlgorithm), name)
        }
    }

    func testTheKeyDecidesTheAlgorithmNotTheHeader() async {
        // An ES256 header naming the RSA key, and the reverse.
        var mismatched = token()
        mismatched.header["alg"] = "ES256"
        let rsaKeyAsEC = await refusal(of: mismatched.signed(by: TestKeys.p256))
        XCTAssertEqual(rsaKeyAsEC, .invalidToken(.algorithmMismatch))
        var reverse = token(TestKeys.p256)
        reverse.header["alg"] = "RS256"
        let ecKeyAsRSA = await refusal(of: reverse.signed(by: TestKeys.rsa1))
        XCTAssertEqual(ecKeyAsRSA, .invalidToken(.algorithmMismatch))
    }

    func testExpiredAndFutureTokensAreRefusedBeyondTheLeeway() async {
        let now = Int(clock.now.timeIntervalSince1970)
        let client = makeClient()
        var expired = token()
        expired.claims["exp"] = now - 61
        expired.claims["iat"] = now - 661
        let expiredError = await refusal(of: expired.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(expiredError, .invalidToken(.expired))

        var future = token()
        future.claims["iat"] = now + 61
        future.claims["exp"] = now + 661
        let futureError = await refusal(of: future.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(futureError, .invalidToken(.issuedInFuture))

        var notYet = token()
        notYet.claims["nbf"] = now + 61
        let notYetError = await refusal(of: notYet.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(notYetError, .invalidToken(.notYetValid))
    }

    func testTheLeewayEdges() async {
        let now = Int(clock.now.timeIntervalSince1970)
        let client = makeClient()
        // Accepted: expired exactly 60 s ago; issued (and not before) exactly 60 s ahead.
        var lateButInside = token()
        lateButInside.claims["exp"] = now - 60
        lateButInside.claims["iat"] = now - 660
        let late = await refusal(of: lateButInside.signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(late)
        var earlyButInside = token()
        earlyButInside.claims["iat"] = now + 60
        earlyButInside.claims["nbf"] = now + 60
        let early = await refusal(of: earlyButInside.signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(early)

        // Refused one second further out, and a fraction of a second further out.
        lateButInside.claims["exp"] = now - 61
        let tooLate = await refusal(of: lateButInside.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(tooLate, .invalidToken(.expired))
        lateButInside.claims["exp"] = Double(now) - 60.5
        let fractionTooLate = await refusal(of: lateButInside.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(fractionTooLate, .invalidToken(.expired))
        earlyButInside.claims["iat"] = now + 61
        let tooEarly = await refusal(of: earlyButInside.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(tooEarly, .invalidToken(.issuedInFuture))
    }

    func testTheIssuerMustBeApple() async {
        for issuer in ["https://appleid.apple.com/", "http://appleid.apple.com", "https://evil.example", "appleid.apple.com"] {
            var wrong = token()
            wrong.claims["iss"] = issuer
            let error = await refusal(of: wrong.signed(by: TestKeys.rsa1))
            XCTAssertEqual(error, .invalidToken(.wrongIssuer), issuer)
        }
        var missing = token()
        missing.claims["iss"] = nil
        let error = await refusal(of: missing.signed(by: TestKeys.rsa1))
        XCTAssertEqual(error, .invalidToken(.wrongIssuer))
    }

    func testTheAudienceMustBeOneOfTheClientIDs() async {
        let client = makeClient()
        var wrong = token()
        wrong.claims["aud"] = "com.other.app"
        let wrongError = await refusal(of: wrong.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(wrongError, .invalidToken(.wrongAudience))
        wrong.claims["aud"] = nil
        let missingError = await refusal(of: wrong.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(missingError, .invalidToken(.wrongAudience))

        // Another configured client id, and an array containing one, are fine.
        var other = token()
        other.claims["aud"] = "app.bistro.web"
        let otherError = await refusal(of: other.signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(otherError)
        other.claims["aud"] = ["com.other.app", TestToken.clientID]
        let arrayError = await refusal(of: other.signed(by: TestKeys.rsa1), client: client)
        XCTAssertNil(arrayError)
    }

    func testTheSubjectMustBePresentAndTheResponsesUser() async {
        let client = makeClient()
        var missing = token()
        missing.claims["sub"] = nil
        let missingError = await refusal(of: missing.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(missingError, .invalidToken(.missingSubject))
        missing.claims["sub"] = ""
        let emptyError = await refusal(of: missing.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(emptyError, .invalidToken(.missingSubject))

        var someoneElse = token()
        someoneElse.claims["sub"] = "000999.ffff.0001"
        let mismatch = await refusal(of: someoneElse.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(mismatch, .invalidToken(.subjectMismatch))
    }

    func testTheNonceIsTheRawNonceOrItsSHA256() async {
        let client = makeClient()
        let rawNonce = "k3J8-raw-nonce-from-the-app"
        // hex(SHA-256(raw nonce)), computed independently with Python's hashlib.
        let hashed = "1759ca2ed009ba88008793b47ac715a2b2b34b2896a02840aaaf67b1e54e1905"
        var withNonce = token()
        withNonce.claims["nonce"] = hashed
        let accepted = await refusal(of: withNonce.signed(by: TestKeys.rsa1), client: client, nonce: rawNonce)
        XCTAssertNil(accepted, "what an iOS app gives Apple")

        let wrongRaw = await refusal(of: withNonce.signed(by: TestKeys.rsa1), client: client, nonce: "another nonce")
        XCTAssertEqual(wrongRaw, .invalidToken(.wrongNonce))
        withNonce.claims["nonce"] = rawNonce
        let rawInToken = await refusal(of: withNonce.signed(by: TestKeys.rsa1), client: client, nonce: rawNonce)
        XCTAssertNil(rawInToken, "what a web page often gives Apple")
        withNonce.claims["nonce"] = hashed.uppercased()
        let uppercase = await refusal(of: withNonce.signed(by: TestKeys.rsa1), client: client, nonce: rawNonce)
        XCTAssertEqual(uppercase, .invalidToken(.wrongNonce), "the hash is lower-case hex")
        withNonce.claims["nonce"] = nil
        let missing = await refusal(of: withNonce.signed(by: TestKeys.rsa1), client: client, nonce: rawNonce)
        XCTAssertEqual(missing, .invalidToken(.wrongNonce), "nonce_supported is true")
    }

    func testAMissingNonceIsAcceptedWhereTheDeviceDoesNotSupportNonces() async {
        let client = makeClient()
        var parts = token()
        parts.claims["nonce"] = nil
        for flag in [false as Any, "false" as Any] {
            parts.claims["nonce_supported"] = flag
            let accepted = await refusal(of: parts.signed(by: TestKeys.rsa1), client: client, nonce: "raw")
            XCTAssertNil(accepted, "\(flag)")
        }
        for flag in [true as Any, "true" as Any] {
            parts.claims["nonce_supported"] = flag
            let refused = await refusal(of: parts.signed(by: TestKeys.rsa1), client: client, nonce: "raw")
            XCTAssertEqual(refused, .invalidToken(.wrongNonce), "\(flag)")
        }
        parts.claims["nonce_supported"] = nil
        let unsaid = await refusal(of: parts.signed(by: TestKeys.rsa1), client: client, nonce: "raw")
        XCTAssertEqual(unsaid, .invalidToken(.wrongNonce))
        parts.claims["nonce_supported"] = 0
        let number = await refusal(of: parts.signed(by: TestKeys.rsa1), client: client, nonce: "raw")
        XCTAssertEqual(number, .invalidToken(.malformed))
        // A nonce that is there must still be this request's.
        parts.claims["nonce_supported"] = false
        parts.claims["nonce"] = "another"
        let wrong = await refusal(of: parts.signed(by: TestKeys.rsa1), client: client, nonce: "raw")
        XCTAssertEqual(wrong, .invalidToken(.wrongNonce))
    }

    func testEmailFlagsAreBooleansOrTheStringsTrueAndFalse() async throws {
        let client = makeClient()
        for (verified, isPrivate, expected) in [
            (true as Any, "false" as Any, (true, false)), ("true" as Any, false as Any, (true, false)),
            ("false" as Any, "true" as Any, (false, true)),
        ] {
            var flags = token()
            flags.claims["email_verified"] = verified
            flags.claims["is_private_email"] = isPrivate
            let identity = try await client.verifyIdentityToken(flags.signed(by: TestKeys.rsa1))
            XCTAssertEqual(identity.isEmailVerified, expected.0)
            XCTAssertEqual(identity.isPrivateEmail, expected.1)
        }
        for value in ["yes" as Any, 1 as Any, "TRUE" as Any] {
            var flags = token()
            flags.claims["email_verified"] = value
            let error = await refusal(of: flags.signed(by: TestKeys.rsa1), client: client)
            XCTAssertEqual(error, .invalidToken(.malformed), "\(value)")
        }
    }

    func testMalformedBase64AndJSONAreRefused() async {
        let client = makeClient()
        let valid = token().signed(by: TestKeys.rsa1)
        let parts = valid.split(separator: ".").map(String.init)
        let notJSON = base64URL(Array("{\"alg\": \"RS256\", \"kid\": ".utf8))
        let arrayJSON = base64URL(Array("[\"RS256\"]".utf8))
        let cases: [(String, String)] = [
            ("two parts", parts[0] + "." + parts[1]),
            ("four parts", valid + ".AAAA"),
            ("empty", ""),
            ("header not base64url", "*" + parts[0].dropFirst() + "." + parts[1] + "." + parts[2]),
            ("standard base64 alphabet", parts[0] + "." + parts[1] + "." + parts[2].replacingOccurrences(of: "-", with: "+") + "+/"),
            ("padding", parts[0] + "==." + parts[1] + "." + parts[2]),
            ("impossible length", parts[0] + "." + parts[1] + "A." + parts[2]),
            ("header not JSON", notJSON + "." + parts[1] + "." + parts[2]),
            ("claims not JSON", parts[0] + "." + notJSON + "." + parts[2]),
            ("header a JSON array", arrayJSON + "." + parts[1] + "." + parts[2]),
            ("claims a JSON array", parts[0] + "." + arrayJSON + "." + parts[2]),
            ("whitespace", " " + valid),
        ]
        for (name, text) in cases {
            let error = await refusal(of: text, client: client)
            XCTAssertEqual(error, .invalidToken(.malformed), name)
        }
        var noKeyID = token()
        noKeyID.header["kid"] = nil
        let noKeyIDError = await refusal(of: noKeyID.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(noKeyIDError, .invalidToken(.malformed))
        var critical = token()
        critical.header["crit"] = ["exp"]
        let criticalError = await refusal(of: critical.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(criticalError, .invalidToken(.malformed))
        var stringExpiry = token()
        stringExpiry.claims["exp"] = "\(Int(clock.now.timeIntervalSince1970) + 600)"
        let stringExpiryError = await refusal(of: stringExpiry.signed(by: TestKeys.rsa1), client: client)
        XCTAssertEqual(stringExpiryError, .invalidToken(.malformed))
    }

    func testADuplicateMemberNameInTheHeaderOrTheClaimsIsMalformed() async throws {
        let client = makeClient()
        let header = #"{"alg":"RS256","kid":"rsa-1"}"#
        let claims = String(decoding: try JSONSerialization.data(withJSONObject: token().claims, options: [.sortedKeys]), as: UTF8.self)
        /// The claims with `members` written before the others, so that each name in it occurs twice.
        func duplicating(_ members: String) -> String { "{" + members + "," + claims.dropFirst() }
        let accepted = await refusal(of: handWritten(header: header, claims: claims), client: client)
        XCTAssertNil(accepted, "written by hand, and once each, the names are fine")

        let cases: [(String, header: String, claims: String)] = [
            ("alg none after RS256", #"{"alg":"RS256","kid":"rsa-1","alg":"none"}"#, claims),
            ("alg RS256 after none", #"{"alg":"none","kid":"rsa-1","alg":"RS256"}"#, claims),
            ("alg escaped", #"{"alg":"RS256","kid":"rsa-1","alg":"HS256"}"#, claims),
            ("kid", #"{"kid":"ec-1","alg":"RS256","kid":"rsa-1"}"#, claims),
            ("sub", header, duplicating(#""sub":"someone.else""#)),
            ("aud", header, duplicating(#""aud":"app.another""#)),
            ("exp", header, duplicating(#""exp":1"#)),
            ("escaped nonce", header, duplicating(#""nonce":"a","nonce":"b""#)),
            ("inside a claim's object", header, duplicating(#""extra":{"a":1,"a":2}"#)),
        ]
        for (name, header, claims) in cases {
            let error = await refusal(of: handWritten(header: header, claims: claims), client: client)
            XCTAssertEqual(error, .invalidToken(.malformed), name)
        }
    }

    func testAHeaderNestedDeeperThanTheLimitIsMalformed() async throws {
        let client = makeClient()
        let claims = String(decoding: try JSONSerialization.data(withJSONObject: token().claims, options: [.sortedKeys]), as: UTF8.self)
        func header(nestedArrays depth: Int) -> String {
            #"{"alg":"RS256","kid":"rsa-1","x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        }
        // The header object is the first level.
        let deepest = await refusal(of: handWritten(header: header(nestedArrays: 63), claims: claims), client: client)
        XCTAssertNil(deepest)
        for depth in [64, 100, 5_000] {
            let error = await refusal(of: handWritten(header: header(nestedArrays: depth), claims: claims), client: client)
            XCTAssertEqual(error, .invalidToken(.malformed), "\(depth)")
        }
    }

    /// A token of the JSON texts `header` and `claims` as written, signed by `key`.
    private func handWritten(header: String, claims: String, key: TestKey = TestKeys.rsa1) -> String {
        let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(claims.utf8))
        return input + "." + base64URL(key.sign(Array(input.utf8)))
    }

    func testGarbageNeverReachesTheNetwork() async throws {
        let client = makeClient()
        _ = await refusal(of: "not a token", client: client)
        var none = token()
        none.header["alg"] = "none"
        _ = await refusal(of: none.with(signature: []), client: client)
        let count = try await server.keySetRequestCount()
        XCTAssertEqual(count, 0)
    }
}
