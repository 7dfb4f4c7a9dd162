import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The credential file is 0600 in a 0700 directory — also while it is being written, and also when
/// it replaces an earlier one (where Foundation's atomic write would leave 0644 behind).
final class CredentialFileTests: LiveClientTestCase {
    /// What the write hook saw: the temporary file's mode, the directory's, the target's (if any).
    struct Observation: Equatable, Sendable {
        let temporaryMode: Int
        let directoryMode: Int
        let targetMode: Int?
        let temporaryIsInTheDirectory: Bool
    }

    private func observingClient(_ observations: AppendLog<Observation>) -> LiveAuthenticationClient {
        var configuration = configuration()
        let directory = stateDirectory!
        let target = configuration.credentialFile
        configuration.willReplaceFile = { temporary in
            guard temporary.lastPathComponent.contains(target.lastPathComponent) else { return }
            let observation = Observation(
                temporaryMode: Self.permissions(temporary.path) ?? -1,
                directoryMode: Self.permissions(directory.path) ?? -1,
                targetMode: Self.permissions(target.path),
                temporaryIsInTheDirectory: temporary.deletingLastPathComponent().standardizedFileURL.path
                    == directory.standardizedFileURL.path)
            observations.append(observation)
        }
        return LiveAuthenticationClient(configuration: configuration)
    }

    func testModesAfterAndWhileWriting() async throws {
        let observations = AppendLog<Observation>()
        let client = observingClient(observations)
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        XCTAssertEqual(try mode(of: configuration().credentialFile), 0o600)
        XCTAssertEqual(try mode(of: stateDirectory), 0o700)

        // A second sign-in replaces the file: it stays 0600, and so does the old one until the rename.
        clock.advance(by: 60)
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        XCTAssertEqual(try mode(of: configuration().credentialFile), 0o600)
        XCTAssertEqual(
            observations.values,
            [
                Observation(temporaryMode: 0o600, directoryMode: 0o700, targetMode: nil, temporaryIsInTheDirectory: true),
                Observation(temporaryMode: 0o600, directoryMode: 0o700, targetMode: 0o600, temporaryIsInTheDirectory: true),
            ])
        // No temporary file is left behind; the credential's lock file (empty, 0600) stays.
        let names = try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted()
        XCTAssertEqual(names, [".apple-credential.json.lock", "apple-credential.json", "apple-keys.json"])
        XCTAssertEqual(try mode(of: stateDirectory.appendingPathComponent(".apple-credential.json.lock")), 0o600)
    }

    func testMissingParentsAreCreatedPrivate() async throws {
        try await makeClient().signIn(response(token().signed(by: TestKeys.rsa1)))
        // stateDirectory is <tmp>/auth-tests-<uuid>/state/bistro: both missing parents were made 0700.
        XCTAssertEqual(try mode(of: stateDirectory.deletingLastPathComponent()), 0o700)
        XCTAssertEqual(try mode(of: stateDirectory.deletingLastPathComponent().deletingLastPathComponent()), 0o700)
    }

    func testAnExistingOpenDirectoryIsNarrowed() async throws {
        try FileManager.default.createDirectory(
            at: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        XCTAssertEqual(try mode(of: stateDirectory), 0o755)
        try await makeClient().signIn(response(token().signed(by: TestKeys.rsa1)))
        XCTAssertEqual(try mode(of: stateDirectory), 0o700)
        XCTAssertEqual(try mode(of: configuration().credentialFile), 0o600)
    }

    func testAPermissiveUmaskChangesNothing() async throws {
        let previous = umask(0)
        defer { umask(previous) }
        try await makeClient().signIn(response(token().signed(by: TestKeys.rsa1)))
        XCTAssertEqual(try mode(of: configuration().credentialFile), 0o600)
        XCTAssertEqual(try mode(of: configuration().keySetCacheFile), 0o600)
        XCTAssertEqual(try mode(of: stateDirectory), 0o700)
    }

    func testAStateDirectoryThatIsASymbolicLinkIsRefused() async throws {
        let elsewhere = stateDirectory.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: stateDirectory, withDestinationURL: elsewhere)
        do {
            try await makeClient().signIn(response(token().signed(by: TestKeys.rsa1)))
            XCTFail("stored the credential through a symbolic link")
        } catch {
            XCTAssertEqual(
                error,
                .storageFailed(reason: "cannot create the directory \(stateDirectory.standardizedFileURL.path): it is a symbolic link"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    func testTheFileHoldsTheCredentialAndTheNameTheUserShared() async throws {
        let signedToken = token().signed(by: TestKeys.rsa1)
        try await makeClient().signIn(response(signedToken))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: configuration().credentialFile)) as? [String: Any]
        XCTAssertEqual(stored?["userID"] as? String, TestToken.userID)
        XCTAssertEqual(stored?["fullName"] as? String, "Ada Lovelace")
        XCTAssertEqual(stored?["email"] as? String, "ada@privaterelay.appleid.com")
        XCTAssertEqual(stored?["identityToken"] as? String, signedToken)
        XCTAssertNil(stored?["authorizationCode"], "the single-use code is not kept")
    }

    private static func permissions(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Int(status.st_mode & 0o7777)
    }
}
