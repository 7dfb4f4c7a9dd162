import FileSystem
import Foundation

/// A Firebase app as its configuration file describes it: the project, the app, its API key and
/// the identity the key may be restricted to (Firebase's `FirebaseOptions`).
///
/// Read from the file Firebase's console gives an app, `GoogleService-Info.plist` for an Apple app
/// or `google-services.json` for an Android one; which of the two a file is, is told by its
/// content, not its name.
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

    /// Options with the given values.
    public init(apiKey: String, projectNumber: String, projectID: String, googleAppID: String, appIdentity: AppIdentity) {
        self.apiKey = apiKey
        self.projectNumber = projectNumber
        self.projectID = projectID
        self.googleAppID = googleAppID
        self.appIdentity = appIdentity
    }

    /// The options of Bistro's development server (`Scripts/remote-config-server.py`, whose
    /// defaults they are): a project that exists nowhere else, for running against that server
    /// without a Firebase project. Nothing in them is secret.
    public static let development = FirebaseOptions(
        apiKey: "AIzaSyBistroDevelopment0000000000000000", projectNumber: "100000000000", projectID: "bistro-development",
        googleAppID: "1:100000000000:ios:b1570de5e10b0000", appIdentity: .iosBundle("app.bistro.ios"))

    /// The options in the file at `path`, a `GoogleService-Info.plist` or a `google-services.json`
    /// (the first client's app); throws a `FirebaseOptionsError` naming the file, and the field
    /// when one is missing or not text.
    public init(contentsOfFile path: String) throws(FirebaseOptionsError) {
        let read: [UInt8]?
        do {
            read = try AtomicFile.contents(of: URL(fileURLWithPath: path), limit: 1 << 20, followsSymbolicLinks: true)
        } catch {
            throw FirebaseOptionsError(path: path, problem: .unreadable(reason: error.reason))
        }
        guard let bytes = read else { throw FirebaseOptionsError(path: path, problem: .missing) }
        try self.init(data: Data(bytes), path: path)
    }

    /// The options in `data`, the content of a file at `path` (named in errors).
    public init(data: Data, path: String) throws(FirebaseOptionsError) {
        let trimmed = data.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if trimmed.first == UInt8(ascii: "{") {
            guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw FirebaseOptionsError(path: path, problem: .notOptions)
            }
            self = try Self.fromServicesJSON(document, path: path)
        } else if let document = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            self = try Self.fromInfoPlist(document, path: path)
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

    private static func fromServicesJSON(_ json: [String: Any], path: String) throws(FirebaseOptionsError) -> FirebaseOptions {
        guard json["project_info"] != nil || json["client"] != nil else { throw FirebaseOptionsError(path: path, problem: .notOptions) }
        let project = json["project_info"] as? [String: Any] ?? [:]
        let client = (json["client"] as? [Any])?.first as? [String: Any] ?? [:]
        let info = client["client_info"] as? [String: Any] ?? [:]
        let android = info["android_client_info"] as? [String: Any] ?? [:]
        let key = (client["api_key"] as? [Any])?.first as? [String: Any] ?? [:]
        return FirebaseOptions(
            apiKey: try field(key["current_key"], named: "client[0].api_key[0].current_key", path: path),
            projectNumber: try field(project["project_number"], named: "project_info.project_number", path: path),
            projectID: try field(project["project_id"], named: "project_info.project_id", path: path),
            googleAppID: try field(info["mobilesdk_app_id"], named: "client[0].client_info.mobilesdk_app_id", path: path),
            appIdentity: .androidPackage(
                try field(
                    android["package_name"], named: "client[0].client_info.android_client_info.package_name", path: path)))
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
        /// The field holds control characters.
        case invalidField(String)
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
            "the Firebase options file \(path) has control characters in \(field)"
        }
    }
}
