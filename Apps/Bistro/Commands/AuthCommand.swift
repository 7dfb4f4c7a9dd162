import AuthInterface
import FileSystem
import Foundation
import TerminalUI

/// `bistro auth sign-in --identity-token FILE|- [--nonce N]`, `bistro auth status`, `bistro auth sign-out`.
///
/// The token is a secret: it is read from a file or standard input (never an argument, which other
/// users can see in the process list) and never printed, not even in an error.
enum AuthCommand {
    /// Verifies the identity token and stores the credential; prints `signed in as USER`.
    static func signIn(_ parsed: ParsedCommand, _ session: AuthenticationSession) throws {
        guard let source = parsed.options["identity-token"] else {
            throw UsageError(message: "missing option '--identity-token FILE|-'", command: "bistro auth sign-in")
        }
        let token = try readToken(from: source)
        // The command line has no platform to report the user id: the response names the token's own
        // subject, which the live verifier checks along with the signature.
        let response = AppleAuthenticationResponse(
            userID: IdentityTokenSubject.unverified(token) ?? "", identityToken: token, nonce: parsed.options["nonce"])
        let client = session.client
        do {
            try awaitBlocking { try await client.signIn(response) }
        } catch let error as AuthenticationError {
            throw failure(error)
        }
        let user = try awaitBlocking { await session.signedInUser() }
        // The user id is the token's claim: shown, never interpreted.
        emit("signed in as \((user ?? response.userID).sanitizedForTerminal)")
    }

    /// Prints `signed in as USER` or `signed out`.
    static func status(_ session: AuthenticationSession) throws {
        let user = try awaitBlocking { await session.signedInUser() }
        emit(user.map { "signed in as \($0.sanitizedForTerminal)" } ?? "signed out")
    }

    /// Deletes the stored credential; prints `signed out`.
    static func signOut(_ session: AuthenticationSession) throws {
        let client = session.client
        do {
            try awaitBlocking { try await client.signOut() }
        } catch let error as AuthenticationError {
            throw RuntimeFailure("could not sign out: \(error.message)")
        }
        emit("signed out")
    }

    /// The token from the file at `source`, or standard input for `-`, without surrounding whitespace.
    private static func readToken(from source: String) throws -> String {
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                guard let contents = try AtomicFile.contents(of: URL(fileURLWithPath: source), limit: 64 * 1024, followsSymbolicLinks: true) else {
                    throw RuntimeFailure("could not read the identity token: cannot read \(source): no such file or directory")
                }
                data = Data(contents)
            } catch let error as FileSystemError {
                throw RuntimeFailure("could not read the identity token: \(error)")
            }
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw RuntimeFailure("the identity token from '\(source == "-" ? "standard input" : source)' is empty")
        }
        return token
    }

    /// The exit-1 failure for `error`; "cannot verify now" is worded apart, since the token may be valid.
    private static func failure(_ error: AuthenticationError) -> RuntimeFailure {
        switch error {
        case .cannotVerifyNow: RuntimeFailure("cannot verify now: \(error.message)")
        case .invalidToken, .storageFailed: RuntimeFailure("could not sign in: \(error.message)")
        }
    }
}
