import ArgumentParsing
import AuthInterface
import FeatureContract
import Foundation
import TerminalUI

/// `bistro auth sign-in|status|sign-out`.
struct AuthCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth", abstract: "sign in with an Apple identity token, show who is signed in, sign out",
        subcommands: [AuthSignInCommand.self, AuthStatusCommand.self, AuthSignOutCommand.self])

    func run(with services: FeatureServices) async throws {
        throw ValidationError("missing command for 'bistro auth' (sign-in, status or sign-out)")
    }
}

/// `bistro auth sign-in --identity-token FILE|- [--nonce N]`: verifies the token and keeps the credential.
///
/// The token is a secret: it is read from a file or standard input (never an argument, which other
/// users can see in the process list) and never printed, not even in an error.
struct AuthSignInCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in", abstract: "verify an identity token against Apple's keys and keep the credential")

    @Option(help: ArgumentHelp("the token's file, or - for standard input (required)", valueName: "FILE|-")) var identityToken: String
    @Option(help: ArgumentHelp("the raw nonce sent with the authorization request", valueName: "N")) var nonce: String?

    func run(with services: FeatureServices) async throws {
        let data = try services.readInput(identityToken, limit: 64 * 1024, what: "the identity token")
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw CommandFailure("the identity token from '\(identityToken == "-" ? "standard input" : identityToken)' is empty")
        }
        // A terminal has no platform to report the user id: the token's own subject is the user,
        // which the live verifier vouches for with the signature.
        let response = AppleAuthenticationResponse(userID: "", identityToken: token, nonce: nonce)
        do {
            try await services.authentication.signIn(response)
        } catch let error as AuthenticationError {
            switch error {
            case .cannotVerifyNow: throw CommandFailure("cannot verify now: \(error.message)")
            case .invalidToken, .storageFailed: throw CommandFailure("could not sign in: \(error.message)")
            }
        }
        let user = await services.authentication.signedInUser() ?? ""
        services.console.emit("signed in as \(user.sanitizedForTerminal)")
    }
}

/// `bistro auth status`: who is signed in.
struct AuthStatusCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "print 'signed in as USER' or 'signed out'")

    func run(with services: FeatureServices) async throws {
        // The user id is the token's claim: shown, never interpreted.
        let user = await services.authentication.signedInUser()
        services.console.emit(user.map { "signed in as \($0.sanitizedForTerminal)" } ?? "signed out")
    }
}

/// `bistro auth sign-out`: deletes the stored credential.
struct AuthSignOutCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "sign-out", abstract: "delete the stored credential")

    func run(with services: FeatureServices) async throws {
        do {
            try await services.authentication.signOut()
        } catch let error as AuthenticationError {
            throw CommandFailure("could not sign out: \(error.message)")
        }
        services.console.emit("signed out")
    }
}
