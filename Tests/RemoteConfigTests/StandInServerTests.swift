import Foundation
import RemoteConfig
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stand-in refuses what Firebase refuses, with Google's error bodies, including what the
/// client never sends: each refusal checked with a request of the test's own.
final class StandInServerTests: ServerTestCase {
    private let project = FirebaseOptions.development

    /// Posts `body` to `path` with the development key (unless `key` says otherwise) and `headers`;
    /// the status and Google's `error` object.
    private func post(
        _ path: String, key: String? = FirebaseOptions.development.apiKey, headers: [String: String] = [:], body: [String: Any]
    ) async throws -> (status: Int, error: [String: Any]?) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(key, forHTTPHeaderField: "X-Goog-Api-Key")
        request.setValue(project.appIdentity.identifier, forHTTPHeaderField: "X-Ios-Bundle-Identifier")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object?["error"] as? [String: Any])
    }

    private func assertRefusal(
        _ answer: (status: Int, error: [String: Any]?), _ status: Int, _ canonical: String, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(answer.status, status, file: file, line: line)
        XCTAssertEqual(answer.error?["code"] as? Int, status, file: file, line: line)
        XCTAssertEqual(answer.error?["status"] as? String, canonical, file: file, line: line)
        XCTAssertEqual(answer.error?["message"] as? String, message, file: file, line: line)
    }

    /// A registered installation's FID and auth token.
    private func installation() async throws -> (fid: String, token: String) {
        let installations = try XCTUnwrap(makeClient().installations)
        return (try await installations.installationID(), try await installations.authToken().authToken)
    }

    func testTheStreamIsRefusedWhenAddressedByProjectID() async throws {
        let (fid, token) = try await installation()
        let body: [String: Any] = [
            "project": project.projectNumber, "namespace": "firebase", "lastKnownVersionNumber": "0", "appId": project.googleAppID,
            "sdkVersion": "test", "appInstanceId": fid,
        ]
        let headers = ["X-Goog-Firebase-Installations-Auth": token]
        let byID = try await post(
            "/v1/projects/\(project.projectID)/namespaces/firebase:streamFetchInvalidations", headers: headers, body: body)
        assertRefusal(byID, 404, "NOT_FOUND", "Requested entity was not found.")
    }

    func testAFetchNeedsAKeyAndAValidInstallationToken() async throws {
        let (fid, token) = try await installation()
        let path = "/v1/projects/\(project.projectID)/namespaces/firebase:fetch"
        let body: [String: Any] = ["appInstanceId": fid, "appId": project.googleAppID]

        let noKey = try await post(path, key: nil, headers: ["X-Goog-Firebase-Installations-Auth": token], body: body)
        assertRefusal(noKey, 403, "PERMISSION_DENIED", "The request is missing a valid API key.")
        let noToken = try await post(path, body: body)
        XCTAssertEqual(noToken.status, 401)
        XCTAssertTrue((noToken.error?["message"] as? String)?.hasPrefix("Request is missing required authentication credential") ?? false)
        let forged = try await post(path, headers: ["X-Goog-Firebase-Installations-Auth": token + "x"], body: body)
        XCTAssertEqual(forged.status, 401)
        XCTAssertTrue((forged.error?["message"] as? String)?.hasPrefix("Request had invalid authentication credentials") ?? false)
        let otherInstallation = try await post(
            path, headers: ["X-Goog-Firebase-Installations-Auth": token],
            body: ["appInstanceId": "fAAAAAAAAAAAAAAAAAAAAA", "appId": project.googleAppID])
        assertRefusal(otherInstallation, 403, "PERMISSION_DENIED", "The caller does not have permission")
        let accepted = try await post(path, headers: ["X-Goog-Firebase-Installations-Auth": token], body: body)
        XCTAssertEqual(accepted.status, 200)
    }

    func testARegistrationNeedsAnFIDOfFirebasesShape() async throws {
        let answer = try await post(
            "/v1/projects/\(project.projectID)/installations",
            body: [
                "fid": "not-an-fid", "appId": project.googleAppID, "authVersion": "FIS_v2", "sdkVersion": "test",
            ])
        assertRefusal(answer, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.")
    }
}
