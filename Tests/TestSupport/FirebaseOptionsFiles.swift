import Foundation

/// The two files Firebase's console gives an app, written as the console writes them, for tests.
public enum FirebaseOptionsFiles {
    /// A `GoogleService-Info.plist` (XML) with the given values; a `nil` value leaves its key out.
    public static func infoPlist(
        apiKey: String? = "AIzaSyTestProjectKey00000000000000000000", senderID: String? = "123456789012",
        projectID: String? = "bistro-test-project", appID: String? = "1:123456789012:ios:0123456789abcdef",
        bundleID: String? = "app.bistro.tests"
    ) -> Data {
        let pairs = [
            ("API_KEY", apiKey), ("GCM_SENDER_ID", senderID), ("PROJECT_ID", projectID), ("GOOGLE_APP_ID", appID),
            ("BUNDLE_ID", bundleID), ("PLIST_VERSION", "1"), ("STORAGE_BUCKET", "bistro-test-project.appspot.com"),
        ]
        let entries = pairs.compactMap { key, value in value.map { "\t<key>\(key)</key>\n\t<string>\($0)</string>\n" } }.joined()
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(entries)</dict>
            </plist>

            """.utf8)
    }

    /// A `google-services.json` with the given values (two clients, the first one used); a `nil`
    /// value leaves its field out.
    public static func servicesJSON(
        apiKey: String? = "AIzaSyTestAndroidKey0000000000000000000", projectNumber: String? = "123456789012",
        projectID: String? = "bistro-test-project", appID: String? = "1:123456789012:android:0123456789abcdef",
        packageName: String? = "app.bistro.android", certificateHash: String? = nil
    ) -> Data {
        var projectInfo: [String: Any] = ["storage_bucket": "bistro-test-project.appspot.com"]
        projectInfo["project_number"] = projectNumber
        projectInfo["project_id"] = projectID
        var clientInfo: [String: Any] = [:]
        clientInfo["mobilesdk_app_id"] = appID
        clientInfo["android_client_info"] = packageName.map { ["package_name": $0] }
        let first: [String: Any] = [
            "client_info": clientInfo,
            // As the console writes it once a SHA-1 was added: lower-case hex, no colons.
            "oauth_client": certificateHash.map { hash in
                [
                    [
                        "client_id": "123456789012-abc.apps.googleusercontent.com", "client_type": 1,
                        "android_info": ["package_name": packageName ?? "", "certificate_hash": hash],
                    ]
                ]
            } ?? [],
            "api_key": apiKey.map { [["current_key": $0]] } ?? [],
            "services": ["appinvite_service": ["other_platform_oauth_client": []]],
        ]
        let second: [String: Any] = [
            "client_info": ["mobilesdk_app_id": "1:123456789012:android:ffff", "android_client_info": ["package_name": "other.app"]],
            "api_key": [["current_key": "AIzaSyOtherKey0000000000000000000000000"]],
            "oauth_client": [
                [
                    "client_id": "123456789012-def.apps.googleusercontent.com", "client_type": 1,
                    "android_info": ["package_name": "other.app", "certificate_hash": "0123456789abcdef0123456789abcdef01234567"],
                ]
            ],
        ]
        let document: [String: Any] = ["project_info": projectInfo, "client": [first, second], "configuration_version": "1"]
        return try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }
}
