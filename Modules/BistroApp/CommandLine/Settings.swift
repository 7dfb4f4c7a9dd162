import ArgumentParsing
import AuthLive
import FileSystem
import Foundation
import Networking
import RemoteConfig

/// The global options of a command line resolved against the environment: what the composition needs.
struct Settings: Sendable {
    /// `--fake`: fakes from the `...Testing` modules and an in-memory database.
    var isFake: Bool
    /// The database file: the live services' always, the fakes' when `--database` was given.
    var databasePath: String
    /// Whether `--database` was given (the fakes otherwise keep an in-memory database).
    var isDatabaseGiven: Bool
    /// Whether `--state-dir` gave the state directory (else it is the app's own, made when missing).
    var isStateDirectoryGiven: Bool
    /// Where the live remote config keeps its state and the sign-in its credential.
    var stateDirectory: String
    /// The Firebase app remote config speaks for, and where its services are; `nil` when neither
    /// an options file nor a server is given: then nothing touches the network.
    var firebase: (options: FirebaseOptions, servers: FirebaseServers)?
    /// The base of Apple's Sign in with Apple endpoints (Apple's by default; a local server in tests).
    var appleAuthURL: URL
    /// Where Apple's signing keys are fetched, when not under `appleAuthURL`.
    var appleKeySetURL: URL?
    /// The developer's key, with which codes are exchanged and tokens checked and revoked.
    var appleSigningKey: AppleSigningKey?
    /// The web flow's redirect URI.
    var redirectURI: String?
    /// The client ids an identity token's `aud` may name: the iOS bundle id and the web Services ID.
    var appleClientIDs: [String]
    /// How long each network call may take in total, in seconds; nil keeps each client's default
    /// (Firebase's 60 s for remote config, 10 s for Apple's keys).
    var networkTimeout: TimeInterval?

    /// `options` for `app` (their environment variables already applied by the parser), with the
    /// directories from `environment` (XDG base directories, HOME); throws
    /// a `ValidationError` for a URL that is not HTTPS (plain HTTP only to this machine), a timeout
    /// that is not a number of seconds above 0, or a Firebase options file that cannot be used (the
    /// sentence names the file and the field). Relative paths are taken from the current directory.
    init(_ options: GlobalOptions, app: AppDescription, environment: [String: String]) throws(ValidationError) {
        isFake = options.fake
        // A bare file name's directory is the current one (its parent is not "").
        isDatabaseGiven = options.database != nil
        isStateDirectoryGiven = options.stateDirectory != nil
        // Each app its own directories: two apps on the library share nothing unless told to.
        databasePath = Paths.absolute(
            options.database ?? XDGDirectories.data(app: app.name, environment: environment) + "/\(app.name).sqlite")
        stateDirectory = Paths.absolute(options.stateDirectory ?? XDGDirectories.state(app: app.name, environment: environment))
        let remoteConfigURL = try Self.serverURL(options.remoteConfigURL)
        if let path = options.firebaseOptions {
            var firebaseOptions: FirebaseOptions
            do {
                firebaseOptions = try FirebaseOptions(contentsOfFile: Paths.absolute(path), app: options.firebaseApp)
            } catch {
                throw ValidationError(error.errorDescription ?? "\(path) cannot be used as Firebase options")
            }
            if let given = options.firebaseAndroidCertificate {
                guard case .androidPackage = firebaseOptions.appIdentity else {
                    throw ValidationError("--firebase-android-cert is for an Android app, and \(path) describes an Apple one")
                }
                guard let hash = FirebaseOptions.normalizedCertificateHash(given) else {
                    throw ValidationError(
                        "--firebase-android-cert must be a certificate's SHA-1, 40 hex digits (colons allowed), not '\(given)'")
                }
                firebaseOptions.androidCertificateHash = hash
            }
            // Google's own hosts, unless one server stands in for all three (an emulator, a test's).
            firebase = (firebaseOptions, remoteConfigURL.map(FirebaseServers.single) ?? .firebase)
        } else if let remoteConfigURL {
            firebase = (.development, .single(remoteConfigURL))
        }
        if options.firebaseOptions == nil, options.firebaseApp != nil || options.firebaseAndroidCertificate != nil {
            throw ValidationError("--firebase-app and --firebase-android-cert choose within --firebase-options FILE; give it too")
        }
        appleAuthURL =
            try Self.serverURL(options.appleAuthURL) ?? LiveAuthenticationConfiguration.appleAuthURL
        appleKeySetURL = try Self.serverURL(options.appleKeysURL)
        redirectURI = options.redirectURI
        appleSigningKey = try Self.signingKey(
            teamID: options.appleTeamID, keyID: options.appleKeyID,
            path: options.applePrivateKey)
        if let timeoutText = options.timeout {
            // Decimal digits with at most one point: Double(_:) would also take "0x10", "+3" and "1e1".
            let decimal = timeoutText.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }
            guard decimal, let seconds = Double(timeoutText), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw ValidationError("TIMEOUT must be a number of seconds above 0, not '\(timeoutText)'")
            }
            networkTimeout = seconds
        }
        // A comma-separated list, so one variable can name the app and the web client.
        let clientIDs = (options.clientIDs ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        appleClientIDs = clientIDs.isEmpty ? app.appleClientIDs : clientIDs
        // A path the user gave is used where it points, never made up to there: a typo must not
        // leave directories behind (as root, anywhere). Only the app's own defaults are made.
        if isDatabaseGiven { try Self.requireDirectory(Paths.parent(of: databasePath), for: "--database") }
        if isStateDirectoryGiven {
            try Self.requireDirectory(Paths.parent(of: stateDirectory), for: "--state-dir")
            try Self.requireNoFile(at: stateDirectory, for: "--state-dir")
        }
    }

    /// Refuses a `directory` (the parent of a path given with `option`) that is missing or a file.
    private static func requireDirectory(_ directory: String, for option: String) throws(ValidationError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ValidationError("\(option): the directory \(directory) does not exist")
        }
        guard isDirectory.boolValue else { throw ValidationError("\(option): \(directory) is a file, not a directory") }
    }

    /// Refuses a directory given with `option` that is a file.
    private static func requireNoFile(at path: String, for option: String) throws(ValidationError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("\(option): \(path) is a file, not a directory")
        }
    }

    /// The developer's key when the team id, the key id and the key file are all given; a
    /// `ValidationError` naming what is missing when only some are, or naming the file (never its
    /// content) when it cannot be used.
    private static func signingKey(teamID: String?, keyID: String?, path: String?) throws(ValidationError) -> AppleSigningKey? {
        let given = [("--apple-team-id", teamID), ("--apple-key-id", keyID), ("--apple-private-key", path)]
        guard given.contains(where: { $0.1 != nil }) else { return nil }
        let missing = given.filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let teamID, let keyID, let path else {
            throw ValidationError("a Sign in with Apple key needs \(missing.joined(separator: " and ")) as well")
        }
        do {
            return try AppleSigningKey(teamID: teamID, keyID: keyID, contentsOfFile: Paths.absolute(path))
        } catch {
            throw ValidationError(error.errorDescription ?? "\(path) cannot be used as a Sign in with Apple key")
        }
    }

    /// The server URL in `text`: HTTPS, or plain HTTP to this machine only, since whoever can alter
    /// the answers in transit can change the menu or forge sign-ins.
    private static func serverURL(_ text: String?) throws(ValidationError) -> URL? {
        guard let text else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host?.isEmpty == false else {
            throw ValidationError("'\(text)' is not an http(s) URL")
        }
        guard TransportSecurity.permits(url) else {
            throw ValidationError("'\(text)' must use https (plain http only to this machine: localhost, 127.0.0.1, ::1)")
        }
        return url
    }
}
