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
        _ data: Data, as name: String = "options", _ expected: FirebaseOptionsError.Problem,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = try write(data, as: name)
        XCTAssertThrowsError(try FirebaseOptions(contentsOfFile: path), file: file, line: line) { error in
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

    func testAGoogleServicesJSONIsItsFirstClientsAndroidApp() throws {
        let options = try FirebaseOptions(contentsOfFile: write(FirebaseOptionsFiles.servicesJSON(), as: "google-services.json"))
        XCTAssertEqual(
            options,
            FirebaseOptions(
                apiKey: "AIzaSyTestAndroidKey0000000000000000000", projectNumber: "123456789012", projectID: "bistro-test-project",
                googleAppID: "1:123456789012:android:0123456789abcdef", appIdentity: .androidPackage("app.bistro.android")))
    }

    func testTheContentNotTheNameTellsTheKind() throws {
        let options = try FirebaseOptions(contentsOfFile: write(FirebaseOptionsFiles.servicesJSON(), as: "GoogleService-Info.plist"))
        XCTAssertEqual(options.appIdentity, .androidPackage("app.bistro.android"))
    }

    func testAMissingFieldIsNamed() throws {
        try assertRefused(FirebaseOptionsFiles.infoPlist(projectID: nil), .missingField("PROJECT_ID"))
        try assertRefused(FirebaseOptionsFiles.infoPlist(bundleID: ""), .missingField("BUNDLE_ID"))
        try assertRefused(FirebaseOptionsFiles.servicesJSON(projectNumber: nil), .missingField("project_info.project_number"))
        try assertRefused(FirebaseOptionsFiles.servicesJSON(apiKey: nil), .missingField("client[0].api_key[0].current_key"))
        try assertRefused(
            FirebaseOptionsFiles.servicesJSON(packageName: nil), .missingField("client[0].client_info.android_client_info.package_name"))
        try assertRefused(FirebaseOptionsFiles.servicesJSON(appID: nil), .missingField("client[0].client_info.mobilesdk_app_id"))
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
