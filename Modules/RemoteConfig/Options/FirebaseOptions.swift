import FileSystem
import Foundation

/// A Firebase app as its configuration file describes it: the project, the app, its API key and
/// the identity the key may be restricted to (Firebase's `FirebaseOptions`).
///
/// Read from the file Firebase's console gives an app, `GoogleService-Info.plist` for an Apple app
/// or `google-services.json` for an Android one; which of the two a file is, is told by its
/// content, not its name. A `google-services.json` may hold several apps of the project: the one
/// to speak for is chosen by its package name or app ID, as Google's build plugin chooses the client
/// whose package name is the app's.
public struct FirebaseOptions: Sendable, Hashable {
    /// Who the app says it is: Google checks a key restricted to apps against it.
    public enum AppIdentity: Sendable, Hashable {
        /// An Apple app's bundle identifier, sent as `X-Ios-Bundle-Identifier`.
        case iosBundle(String)
        /// An Android app's package name, sent as `X-Android-Package`.
        case androidPackage(String)

        /// The header that carries it, which Google checks a key restricted to apps against.
        var headerName: String {
            switch self {
            case .iosBundle: "X-Ios-Bundle-Identifier"
            case .androidPackage: "X-Android-Package"
            }
        }

        /// The identifier itself.
        public var identifier: String {
            switch self {
            case .iosBundle(let identifier), .androidPackage(let identifier): identifier
            }
        }
    }

    /// The API key (`API_KEY`, `api_key[0].current_key`): sent in a header, never logged.
    public var apiKey: String
    /// The project number (`GCM_SENDER_ID`, `project_number`): the real-time stream's project.
    public var projectNumber: String
    /// The project ID (`PROJECT_ID`, `project_id`): the project of installations and fetches.
    public var projectID: String
    /// The app ID (`GOOGLE_APP_ID`, `mobilesdk_app_id`), such as `1:1234567890:ios:0a1b2c3d`.
    public var googleAppID: String
    /// The bundle identifier or package name (`BUNDLE_ID`, `package_name`).
    public var appIdentity: AppIdentity
    /// An Android app's signing certificate's SHA-1, sent as `X-Android-Cert` with the package
    /// name: an API key restricted to Android apps needs both. Forty upper-case hex digits, as
    /// Android's SDK sends it; from `oauth_client[].android_info.certificate_hash` when the file has it.
    public var androidCertificateHash: String?

    /// Options with the given values; `androidCertificateHash` is kept in the form Android's SDK
    /// sends (see `normalizedCertificateHash`), or nil when it is not a SHA-1.
    public init(
        apiKey: String, projectNumber: String, projectID: String, googleAppID: String, appIdentity: AppIdentity,
        androidCertificateHash: String? = nil
    ) {
        self.apiKey = apiKey
        self.projectNumber = projectNumber
        self.projectID = projectID
        self.googleAppID = googleAppID
        self.appIdentity = appIdentity
        self.androidCertificateHash = androidCertificateHash.flatMap(Self.normalizedCertificateHash)
    }

    /// A certificate's SHA-1 as Android's SDK sends it (40 upper-case hex digits), from the forms
    /// people copy it in: upper or lower case, with or without colons (`keytool` prints
    /// `DA:39:A3:…`); nil when it is not 20 bytes of hex.
    public static func normalizedCertificateHash(_ text: String) -> String? {
        let digits = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "").uppercased()
        guard digits.utf8.count == 40, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }) else {
            return nil
        }
        return digits
    }

    /// The options of Bistro's development server (`Scripts/remote-config-server.py`, whose
    /// defaults they are): a project that exists nowhere else, for running against that server
    /// without a Firebase project. Nothing in them is secret.
    public static let development = FirebaseOptions(
        apiKey: "AIzaSyBistroDevelopment0000000000000000", projectNumber: "100000000000", projectID: "bistro-development",
        googleAppID: "1:100000000000:ios:b1570de5e10b0000", appIdentity: .iosBundle("app.bistro.ios"))

    /// The options in the file at `path`, a `GoogleService-Info.plist` or a `google-services.json`;
    /// throws a `FirebaseOptionsError` naming the file, and the field when one is missing or not
    /// text. `app` (a package name, a bundle identifier or an app ID) chooses among the file's
    /// apps; without it a file must hold one app, and the error of one with several lists them.
    public init(contentsOfFile path: String, app: String? = nil) throws(FirebaseOptionsError) {
        let read: [UInt8]?
        do {
            read = try AtomicFile.contents(of: URL(fileURLWithPath: path), limit: 1 << 20, followsSymbolicLinks: true)
        } catch {
            throw FirebaseOptionsError(path: path, problem: .unreadable(reason: error.reason))
        }
        guard let bytes = read else { throw FirebaseOptionsError(path: path, problem: .missing) }
        try self.init(data: Data(bytes), path: path, app: app)
    }

    /// The options in `data`, the content of a file at `path` (named in errors), for `app` as
    /// `init(contentsOfFile:app:)` chooses it.
    public init(data: Data, path: String, app: String? = nil) throws(FirebaseOptionsError) {
        let trimmed = data.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if trimmed.first == UInt8(ascii: "{") {
            guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw FirebaseOptionsError(path: path, problem: .notOptions)
            }
            self = try Self.fromServicesJSON(document, path: path, app: app)
        } else if trimmed.starts(with: Array("<".utf8)) || trimmed.starts(with: Array("bplist".utf8)),
            // The console writes XML property lists (a binary one is read too); anything else is
            // not handed to the property-list reader, whose old text format reads almost anything.
            let document = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        {
            self = try Self.fromInfoPlist(document, path: path)
            if let app, app != googleAppID, app != appIdentity.identifier {
                throw FirebaseOptionsError(
                    path: path, problem: .noSuchApp(app, available: [.init(identifier: appIdentity.identifier, appID: googleAppID)]))
            }
        } else {
            throw FirebaseOptionsError(path: path, problem: .notOptions)
        }
    }

    private static func fromInfoPlist(_ plist: [String: Any], path: String) throws(FirebaseOptionsError) -> FirebaseOptions {
        // A property list that has none of the keys is some other app's plist, not a Firebase one.
        let keys = ["API_KEY", "GCM_SENDER_ID", "PROJECT_ID", "GOOGLE_APP_ID", "BUNDLE_ID"]
        guard keys.contains(where: { plist[$0] != nil }) else { throw FirebaseOptionsError(path: path, problem: .notOptions) }
        func text(_ key: String) throws(FirebaseOptionsError) -> String {
            try field(plist[key], named: key, path: path)
        }
        return FirebaseOptions(
            apiKey: try text("API_KEY"), projectNumber: try text("GCM_SENDER_ID"), projectID: try text("PROJECT_ID"),
            googleAppID: try text("GOOGLE_APP_ID"), appIdentity: .iosBundle(try text("BUNDLE_ID")))
    }

    private static func fromServicesJSON(_ json: [String: Any], path: String, app: String?) throws(FirebaseOptionsError) -> FirebaseOptions
    {
        guard json["project_info"] != nil || json["client"] != nil else { throw FirebaseOptionsError(path: path, problem: .notOptions) }
        let project = json["project_info"] as? [String: Any] ?? [:]
        let clients = (json["client"] as? [Any] ?? []).map { $0 as? [String: Any] ?? [:] }
        func identity(_ client: [String: Any]) -> FirebaseOptionsError.App {
            let info = client["client_info"] as? [String: Any] ?? [:]
            let android = info["android_client_info"] as? [String: Any] ?? [:]
            return .init(identifier: android["package_name"] as? String ?? "", appID: info["mobilesdk_app_id"] as? String ?? "")
        }
        let index: Int
        if let app {
            guard let chosen = clients.firstIndex(where: { identity($0).identifier == app || identity($0).appID == app }) else {
                throw FirebaseOptionsError(path: path, problem: .noSuchApp(app, available: clients.map(identity)))
            }
            index = chosen
        } else {
            guard clients.count <= 1 else { throw FirebaseOptionsError(path: path, problem: .severalApps(clients.map(identity))) }
            index = 0
        }
        let client = clients.indices.contains(index) ? clients[index] : [:]
        let info = client["client_info"] as? [String: Any] ?? [:]
        let android = info["android_client_info"] as? [String: Any] ?? [:]
        let key = (client["api_key"] as? [Any])?.first as? [String: Any] ?? [:]
        let packageName = try field(
            android["package_name"], named: "client[\(index)].client_info.android_client_info.package_name", path: path)
        // The app's own OAuth client carries its signing certificate's SHA-1, once one was added in the console.
        let certificates = (client["oauth_client"] as? [Any] ?? []).compactMap { entry -> String? in
            guard let info = (entry as? [String: Any])?["android_info"] as? [String: Any],
                (info["package_name"] as? String).map({ $0 == packageName }) ?? true
            else { return nil }
            return info["certificate_hash"] as? String
        }
        var certificateHash: String?
        if let given = certificates.first {
            guard let hash = normalizedCertificateHash(given) else {
                throw FirebaseOptionsError(
                    path: path, problem: .invalidField("client[\(index)].oauth_client[].android_info.certificate_hash"))
            }
            certificateHash = hash
        }
        return FirebaseOptions(
            apiKey: try field(key["current_key"], named: "client[\(index)].api_key[0].current_key", path: path),
            projectNumber: try field(project["project_number"], named: "project_info.project_number", path: path),
            projectID: try field(project["project_id"], named: "project_info.project_id", path: path),
            googleAppID: try field(info["mobilesdk_app_id"], named: "client[\(index)].client_info.mobilesdk_app_id", path: path),
            appIdentity: .androidPackage(packageName), androidCertificateHash: certificateHash)
    }

    private static func field(_ value: Any?, named name: String, path: String) throws(FirebaseOptionsError) -> String {
        guard let text = value as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FirebaseOptionsError(path: path, problem: .missingField(name))
        }
        // Every value goes into a URL path or a header: a line break or other control would change
        // the request rather than fill it.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw FirebaseOptionsError(path: path, problem: .invalidField(name))
        }
        return text
    }
}

/// Why a Firebase options file cannot be used.
public struct FirebaseOptionsError: Error, Sendable, Hashable {
    /// What is wrong with the file.
    public enum Problem: Sendable, Hashable {
        /// There is no file at the path.
        case missing
        /// The file exists but cannot be read.
        case unreadable(reason: String)
        /// The file is neither a `GoogleService-Info.plist` nor a `google-services.json`.
        case notOptions
        /// The field (a plist key, or a JSON path such as `project_info.project_id`) is absent, empty or not text.
        case missingField(String)
        /// The field holds control characters, or is not in the form it must have.
        case invalidField(String)
        /// The file holds several apps and none was chosen.
        case severalApps([App])
        /// The file holds no app of that package name, bundle identifier or app ID; these are the ones it holds.
        case noSuchApp(String, available: [App])
    }

    /// One app of an options file, as its errors list it.
    public struct App: Sendable, Hashable {
        /// The package name or bundle identifier.
        public let identifier: String
        /// The app ID (`mobilesdk_app_id`, `GOOGLE_APP_ID`).
        public let appID: String

        /// An app with the given identifier and ID.
        public init(identifier: String, appID: String) {
            self.identifier = identifier
            self.appID = appID
        }
    }

    /// The file.
    public let path: String
    /// What is wrong with it.
    public let problem: Problem

    /// An error about the file at `path`.
    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }
}

extension FirebaseOptionsError: LocalizedError {
    /// A sentence naming the file, and the field when one is at fault.
    public var errorDescription: String? {
        switch problem {
        case .missing:
            "the Firebase options file \(path) does not exist"
        case .unreadable(let reason):
            "the Firebase options file \(path) cannot be read: \(reason)"
        case .notOptions:
            "\(path) is neither a GoogleService-Info.plist nor a google-services.json"
        case .missingField(let field):
            "the Firebase options file \(path) has no \(field)"
        case .invalidField(let field):
            "the Firebase options file \(path) has control characters or an unusable value in \(field)"
        case .severalApps(let apps):
            "the Firebase options file \(path) holds \(apps.count) apps; choose one by package name or app ID: "
                + Self.list(apps)
        case .noSuchApp(let app, let apps):
            "the Firebase options file \(path) holds no app '\(app)'; it holds " + Self.list(apps)
        }
    }

    /// `com.example.a (1:123:android:aa), com.example.b (1:123:android:bb)`.
    private static func list(_ apps: [App]) -> String {
        apps.map { "\($0.identifier.isEmpty ? "?" : $0.identifier) (\($0.appID.isEmpty ? "?" : $0.appID))" }.joined(separator: ", ")
    }
}
