import ArgumentParsing
import AuthInterface
import FeatureContract
import Foundation
import TerminalUI

/// `bistro auth sign-in|status|sign-out|delete-account|notification`.
struct AuthCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "sign in with Apple, show who is signed in, sign out, delete the account, apply Apple's notifications",
        subcommands: [
            AuthSignInCommand.self, AuthStatusCommand.self, AuthSignOutCommand.self, AuthDeleteAccountCommand.self,
            AuthNotificationCommand.self,
        ])
}

/// `bistro auth sign-in [--identity-token FILE|-] [--authorization-code CODE|-] [--nonce N]`:
/// exchanges the authorization code at Apple and keeps the credential with its refresh token, or
/// verifies an identity token alone; with both, they must name the same user.
///
/// The token and the code are secrets: read from a file or standard input (a token never from an
/// argument, which other users can see in the process list) and never printed, not even in an error.
struct AuthSignInCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in", abstract: "exchange an authorization code at Apple, or verify an identity token, and keep the credential")

    @Option(help: ArgumentHelp("the identity token's file, or - for standard input", valueName: "FILE|-")) var identityToken: String?
    @Option(
        help: ArgumentHelp(
            "the authorization code to exchange at Apple (needs --apple-team-id, --apple-key-id, --apple-private-key), or - for standard input",
            valueName: "CODE|-")) var authorizationCode: String?
    @Option(
        help: ArgumentHelp(
            "the raw nonce the app generated for the authorization request; the token may carry it or its SHA-256 (hex)",
            valueName: "N")) var nonce: String?

    func validate() throws {
        guard identityToken != nil || authorizationCode != nil else {
            throw ValidationError("give --identity-token FILE|- or --authorization-code CODE|-")
        }
        guard !(identityToken == "-" && authorizationCode == "-") else {
            throw ValidationError("only one of --identity-token and --authorization-code can read standard input")
        }
    }

    func run(with services: FeatureServices) async throws {
        let token = try identityToken.map { try Self.secret(from: $0, services: services, what: "the identity token") }
        let code = try authorizationCode.map { source in
            source == "-" ? try Self.secret(from: source, services: services, what: "the authorization code") : source
        }
        // A terminal has no platform to report the user id: the token's own subject is the user,
        // which the live verifier vouches for with the signature.
        let response = AppleAuthenticationResponse(userID: "", identityToken: token, authorizationCode: code, nonce: nonce)
        do {
            try await services.dependencies.authenticationClient.signIn(response)
        } catch let error as AuthenticationError {
            switch error {
            case .cannotVerifyNow: throw CommandFailure("cannot verify now: \(error.message)")
            default: throw CommandFailure("could not sign in: \(error.message)")
            }
        }
        let user = await services.dependencies.authenticationClient.signedInUser() ?? ""
        services.console.emit("signed in as \(user.sanitizedForTerminal)")
    }

    private static func secret(from source: String, services: FeatureServices, what: String) throws -> String {
        let data = try services.readInput(source, limit: 64 * 1024, what: what)
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CommandFailure("\(what) from '\(source == "-" ? "standard input" : source)' is empty") }
        return text
    }
}

/// `bistro auth status`: who is signed in, the private relay's forwarding when Apple said, when
/// Apple last confirmed the sign-in and when it last could not be asked; checks a refresh token
/// with Apple first when a day has passed since the confirmation and an hour since the failure.
/// Exits 1 when nobody is signed in, so that a script can test it.
struct AuthStatusCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "print 'signed in as USER' (exit 0) or 'signed out' and why (exit 1)")

    func run(with services: FeatureServices) async throws {
        let authentication = services.dependencies.authenticationClient
        let status = await authentication.checkAppleAuthenticationStatus(nil)
        guard status == .signedIn, let account = await authentication.signedInAccount() else {
            services.console.emit(Self.signedOut(status))
            throw ExitCode.failure
        }
        // The user id and the e-mail are the token's claims: shown, never interpreted.
        var lines = ["signed in as \(account.userID.sanitizedForTerminal)"]
        if let email = account.email {
            lines.append("e-mail: \(email.sanitizedForTerminal)\(account.isPrivateEmail == true ? " (Apple's private relay)" : "")")
        }
        if let forwarding = account.emailForwarding {
            let since = account.emailForwardingChangedAt.map { " since \($0.formatted(.iso8601))" } ?? ""
            lines.append("the private relay \(forwarding ? "forwards" : "does not forward") e-mail\(since)")
        }
        let checks = await authentication.appleCheckHistory()
        if let confirmed = checks.confirmedAt {
            lines.append("Apple last confirmed the sign-in at \(confirmed.formatted(.iso8601))")
        }
        if let failed = checks.failedAt {
            let next = checks.nextCheckAfter.map { "; the next check is after \($0.formatted(.iso8601))" } ?? ""
            lines.append("Apple last could not be asked at \(failed.formatted(.iso8601))\(next)")
        }
        services.console.emit(lines.joined(separator: "\n"))
    }

    private static func signedOut(_ status: AuthenticationStatus) -> String {
        switch status {
        case .signedOut(.revoked): "signed out: the user stopped using Sign in with Apple for this app"
        case .signedOut(.expired): "signed out: the session ran out; sign in again"
        case .signedOut(.transferred): "signed out: the app moved to another team; sign in again"
        case .signedIn, .signedOut(.notFound): "signed out"
        }
    }
}

/// `bistro auth sign-out`: deletes the stored credential.
struct AuthSignOutCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "sign-out", abstract: "delete the stored credential")

    func run(with services: FeatureServices) async throws {
        do {
            try await services.dependencies.authenticationClient.signOut()
        } catch let error as AuthenticationError {
            throw CommandFailure("could not sign out: \(error.message)")
        }
        services.console.emit("signed out")
    }
}

/// `bistro auth delete-account`: revokes the user's tokens at Apple, then deletes the credential,
/// as the App Store asks of an app that deletes accounts. When Apple cannot be reached or refuses,
/// nothing is deleted: run it again later.
struct AuthDeleteAccountCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "revoke the user's tokens at Apple, then delete the credential")

    func run(with services: FeatureServices) async throws {
        let deletion: AccountDeletion
        do {
            deletion = try await services.dependencies.authenticationClient.deleteAccount()
        } catch let error as AuthenticationError {
            throw CommandFailure("could not delete the account, and nothing was deleted: \(error.message)")
        }
        let said: String =
            switch deletion {
            case .revokedAtApple: "Apple revoked the sign-in's tokens; the credential is deleted"
            case .nothingToRevoke:
                "the credential is deleted; it came from an identity token alone, so there was nothing to revoke at Apple: "
                    + "stop the app's access in the Apple Account's settings (Sign in with Apple)"
            case .noCredential: "nobody is signed in: nothing to delete"
            }
        services.console.emit(said)
    }
}

/// `bistro auth notification [FILE|-] [--json]`: verifies a server-to-server notification (the body
/// Apple POSTs to the app's endpoint) and applies it to the stored credential; says so when it
/// was applied before (Apple delivers one again until answered) or a later event was.
struct AuthNotificationCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "notification", abstract: "verify and apply a server-to-server notification from Apple")

    @Argument(help: ArgumentHelp("the body Apple posted, or - for standard input", valueName: "FILE|-")) var source: String = "-"
    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let body = try services.readInput(source, limit: 64 * 1024, what: "the notification")
        let notification: AppleAccountNotification
        do {
            notification = try await services.dependencies.authenticationClient.handleServerNotification(body)
        } catch let error as AuthenticationError {
            throw CommandFailure("could not apply the notification: \(error.message)")
        }
        let time = notification.eventTime.formatted(.iso8601)
        if json {
            struct Line: Encodable {
                let type: String
                let userID: String
                let eventTime: String
                let email: String?
                let isPrivateEmail: Bool?
                let changedStoredCredential: Bool
                let effect: String
            }
            services.console.emit(
                try JSONLine.encode(
                    Line(
                        type: notification.event.rawValue, userID: notification.userID, eventTime: time, email: notification.email,
                        isPrivateEmail: notification.isPrivateEmail, changedStoredCredential: notification.changedStoredCredential,
                        effect: notification.effect.rawValue)))
        } else {
            let effect: String =
                switch notification.effect {
                case .applied: "the stored credential is updated"
                case .alreadyApplied: "already applied; nothing changed"
                case .superseded: "the stored credential already reflects a later event; nothing changed"
                case .noCredentialForUser: "no stored credential is the user's"
                }
            services.console.emit("\(notification.event.rawValue) for \(notification.userID.sanitizedForTerminal) at \(time): \(effect)")
        }
    }
}
