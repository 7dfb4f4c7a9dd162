import Foundation
import RemoteConfig
import TestSupport
import XCTest

/// Options read from the files Firebase's console gives an app, told apart by content, and every
/// way such a file can be unusable named in a sentence.
final class FirebaseOptionsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("firebase-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    private func write(_ data: Data, as name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    private func assertRefused(
        _ data: Data, as name: String = "options", app: String? = nil, _ expected: FirebaseOptionsError.Problem,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = try write(data, as: name)
        XCTAssertThrowsError(try FirebaseOptions(contentsOfFile: path, app: app), file: file, line: line) { error in
            XCTAssertEqual(error as? FirebaseOptionsError, FirebaseOptionsError(path: path, problem: expected), file: file, line: line)
            XCTAssertTrue((error as? LocalizedError)?.errorDescription?.contains(path) ?? false, file: file, line: line)
        }
    }

    func testAGoogleServiceInfoPlistIsAnAppleApp() throws {
        let options = try FirebaseOptions(contentsOfFile: write(FirebaseOptionsFiles.infoPlist(), as: "GoogleService-Info.plist"))
        XCTAssertEqual(
            options,
            FirebaseOptions(
                apiKey: "AIzaSyTestProjectKey00000000000000000000", projectNumber: "123456789012", projectID: "bistro-test-project",
                googleAppID: "1:123456789012:ios:0123456789abcdef", appIdentity: .iosBundle("app.bistro.tests")))
    }

    func testABinaryPlistIsReadToo() throws {
        let xml = FirebaseOptionsFiles.infoPlist()
        let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let options = try FirebaseOptions(contentsOfFile: write(binary, as: "GoogleService-Info.plist"))
        XCTAssertEqual(options.projectID, "bistro-test-project")
    }

    func testAGoogleServicesJSONAppIsChosenByPackageNameOrAppID() throws {
        let path = try write(FirebaseOptionsFiles.servicesJSON(), as: "google-services.json")
        let expected = FirebaseOptions(
            apiKey: "AIzaSyTestAndroidKey0000000000000000000", projectNumber: "123456789012", projectID: "bistro-test-project",
            googleAppID: "1:123456789012:android:0123456789abcdef", appIdentity: .androidPackage("app.bistro.android"))
        XCTAssertEqual(try FirebaseOptions(contentsOfFile: path, app: "app.bistro.android"), expected)
        XCTAssertEqual(try FirebaseOptions(contentsOfFile: path, app: "1:123456789012:android:0123456789abcdef"), expected)
        let other = try FirebaseOptions(contentsOfFile: path, app: "other.app")
        XCTAssertEqual(other.googleAppID, "1:123456789012:android:ffff")
        XCTAssertEqual(other.apiKey, "AIzaSyOtherKey0000000000000000000000000")
        XCTAssertEqual(other.androidCertificateHash, "0123456789ABCDEF0123456789ABCDEF01234567", "the chosen client's, as the SDK sends it")
    }

    func testSeveralAppsAndNoChoiceListsThemAndAnUnknownChoiceToo() throws {
        let apps = [
            FirebaseOptionsError.App(identifier: "app.bistro.android", appID: "1:123456789012:android:0123456789abcdef"),
            FirebaseOptionsError.App(identifier: "other.app", appID: "1:123456789012:android:ffff"),
        ]
        try assertRefused(FirebaseOptionsFiles.servicesJSON(), .severalApps(apps))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(), app: "com.example.missing", .noSuchApp("com.example.missing", available: apps))
        let path = try write(FirebaseOptionsFiles.servicesJSON(), as: "google-services.json")
        XCTAssertThrowsError(try FirebaseOptions(contentsOfFile: path)) { error in
            XCTAssertEqual(
                (error as? LocalizedError)?.errorDescription,
                "the Firebase options file \(path) holds 2 apps; choose one by package name or app ID: "
                    + "app.bistro.android (1:123456789012:android:0123456789abcdef), other.app (1:123456789012:android:ffff)")
        }
        try assertRefused(
            FirebaseOptionsFiles.infoPlist(), app: "other.app",
            .noSuchApp("other.app", available: [.init(identifier: "app.bistro.tests", appID: "1:123456789012:ios:0123456789abcdef")]))
    }

    func testTheCertificateHashIsTakenAsTheAndroidSDKSendsIt() throws {
        let path = try write(
            FirebaseOptionsFiles.servicesJSON(certificateHash: "da39a3ee5e6b4b0d3255bfef95601890afd80709"), as: "google-services.json")
        let options = try FirebaseOptions(contentsOfFile: path, app: "app.bistro.android")
        XCTAssertEqual(options.androidCertificateHash, "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709")
        XCTAssertEqual(
            FirebaseOptions.normalizedCertificateHash("da:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"),
            "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709")
        XCTAssertNil(FirebaseOptions.normalizedCertificateHash("DA39A3EE"), "not 20 bytes")
        XCTAssertNil(FirebaseOptions.normalizedCertificateHash(String(repeating: "G", count: 40)), "not hex")
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(certificateHash: "not-a-hash"), app: "app.bistro.android",
            .invalidField("client[0].oauth_client[].android_info.certificate_hash"))
    }

    func testTheContentNotTheNameTellsTheKind() throws {
        let path = try write(FirebaseOptionsFiles.servicesJSON(), as: "GoogleService-Info.plist")
        let options = try FirebaseOptions(contentsOfFile: path, app: "app.bistro.android")
        XCTAssertEqual(options.appIdentity, .androidPackage("app.bistro.android"))
    }

    func testAMissingFieldIsNamed() throws {
        let package = "app.bistro.android"
        try assertRefused(FirebaseOptionsFiles.infoPlist(projectID: nil), .missingField("PROJECT_ID"))
        try assertRefused(FirebaseOptionsFiles.infoPlist(bundleID: ""), .missingField("BUNDLE_ID"))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(projectNumber: nil), app: package, .missingField("project_info.project_number"))
        try assertRefused(FirebaseOptionsFiles.servicesJSON(apiKey: nil), app: package, .missingField("client[0].api_key[0].current_key"))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(packageName: nil), app: "1:123456789012:android:0123456789abcdef",
            .missingField("client[0].client_info.android_client_info.package_name"))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(appID: nil), app: package, .missingField("client[0].client_info.mobilesdk_app_id"))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(), app: "other.app".uppercased(),
            .noSuchApp(
                "OTHER.APP",
                available: [
                    .init(identifier: package, appID: "1:123456789012:android:0123456789abcdef"),
                    .init(identifier: "other.app", appID: "1:123456789012:android:ffff"),
                ]))
    }

    func testAFieldWithALineBreakIsRefused() throws {
        try assertRefused(FirebaseOptionsFiles.infoPlist(apiKey: "AIza&#10;X-Injected: 1"), .invalidField("API_KEY"))
    }

    func testAFileOfNeitherShapeIsRefused() throws {
        try assertRefused(Data("{\"name\": \"not firebase\"}".utf8), .notOptions)
        try assertRefused(Data("[1, 2]".utf8), .notOptions)
        try assertRefused(Data("API_KEY=abc\n".utf8), .notOptions)
        try assertRefused(Data(), .notOptions)
        let otherPlist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "App"], format: .xml, options: 0)
        try assertRefused(otherPlist, as: "Info.plist", .notOptions)
    }

    func testAMissingFileIsNamed() {
        let path = directory.appendingPathComponent("GoogleService-Info.plist").path
        XCTAssertThrowsError(try FirebaseOptions(contentsOfFile: path)) { error in
            XCTAssertEqual(error as? FirebaseOptionsError, FirebaseOptionsError(path: path, problem: .missing))
            XCTAssertEqual((error as? LocalizedError)?.errorDescription, "the Firebase options file \(path) does not exist")
        }
    }

    func testTheSentencesNameTheFileAndTheField() {
        XCTAssertEqual(
            FirebaseOptionsError(path: "/x/google-services.json", problem: .missingField("project_info.project_id")).errorDescription,
            "the Firebase options file /x/google-services.json has no project_info.project_id")
        XCTAssertEqual(
            FirebaseOptionsError(path: "/x/a.txt", problem: .notOptions).errorDescription,
            "/x/a.txt is neither a GoogleService-Info.plist nor a google-services.json")
    }
}
