import Foundation
import RemoteConfigInterface
import XCTest

final class RemoteConfigTypesTests: XCTestCase {
    func testSettingsDefaultToFirebasesValues() {
        let settings = RemoteConfigSettings()

        XCTAssertEqual(settings.minimumFetchInterval, 12 * 60 * 60)
        XCTAssertEqual(settings.fetchTimeout, 60)
        XCTAssertEqual(RemoteConfigSettings(minimumFetchInterval: 0).fetchTimeout, 60)
    }

    func testStatusesKeepTheSeedsNames() {
        XCTAssertEqual(
            RemoteConfigFetchAndActivateStatus.allCases,
            [.successFetchedFromRemote, .successUsingPreFetchedData, .error]
        )
        XCTAssertEqual(RemoteConfigFetchStatus.allCases, [.noFetchYet, .success, .failure, .throttled])
    }

    func testUpdateListsAddedChangedAndRemovedKeys() {
        let update = RemoteConfigUpdate(
            changesFrom: ["same": "1", "changed": "a", "removed": "x"],
            to: ["same": "1", "changed": "b", "added": "y"]
        )

        XCTAssertEqual(update.updatedKeys, ["changed", "removed", "added"])
        XCTAssertEqual(RemoteConfigUpdate(changesFrom: ["a": "1"], to: ["a": "1"]).updatedKeys, [])
        XCTAssertEqual(RemoteConfigUpdate(changesFrom: [:], to: ["a": ""]).updatedKeys, ["a"], "an empty value is still a value")
    }

    func testErrorsDescribeThemselvesWithoutSecrets() {
        let errors: [RemoteConfigError] = [
            .throttled(until: Date(timeIntervalSince1970: 0)), .timedOut, .connectionFailed(reason: "connection refused"),
            .httpStatus(503), .malformedResponse(.nonStringValue(key: "count")), .responseTooLarge(limit: 1 << 20),
            .storageCorrupted(path: "/tmp/rc.json", reason: "not JSON"), .storageFailed(reason: "disk full"),
            .invalidConfiguration(reason: "bad URL"), .unknown,
        ]

        XCTAssertEqual(Set(errors.map(\.localizedDescription)).count, errors.count, "each reads differently")
        XCTAssertTrue(RemoteConfigError.httpStatus(503).localizedDescription.contains("503"))
        XCTAssertTrue(
            RemoteConfigError.malformedResponse(.nonStringValue(key: "count")).localizedDescription.contains("\"count\"")
        )
        XCTAssertEqual(RemoteConfigError.malformedResponse(.missingState), .malformedResponse(.missingState))
        XCTAssertNotEqual(RemoteConfigError.httpStatus(500), .httpStatus(503))
    }
}
