import Foundation
import Reactive
import ReactiveTesting
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// `remoteConfig.rx.fetchAndActivate()` over the live client, as the tutorial's `DatabaseUpdater` uses it.
final class ReactiveFetchTests: ServerTestCase {
    func testEmitsTheStatusOnceThenCompletes() throws {
        let remoteConfig: any RemoteConfigProtocol = try makeClient()

        let events = try remoteConfig.rx.fetchAndActivate().toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.0, .successFetchedFromRemote)
        XCTAssertNil(events.first?.1)
    }

    func testAnErrorStatusArrivesAsAValueNotAsAnError() throws {
        let remoteConfig: any RemoteConfigProtocol = try makeClient(baseURL: refusingBaseURL)

        let events = try remoteConfig.rx.fetchAndActivate().toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.0, .error)
        XCTAssertEqual(events.first?.1 as? RemoteConfigError, .connectionFailed(reason: "connection refused"))
    }

    func testEachSubscriptionFetchesAgain() throws {
        let remoteConfig: any RemoteConfigProtocol = try makeClient()
        let fetch = remoteConfig.rx.fetchAndActivate().map { status, _ in status }

        let first = try fetch.toBlocking(timeout: 10).single()
        let second = try fetch.toBlocking(timeout: 10).single()

        XCTAssertEqual([first, second], [.successFetchedFromRemote, .successUsingPreFetchedData])
    }

    func testSeedStyleFlatMapOnTheStatus() throws {
        let remoteConfig: any RemoteConfigProtocol = try makeClient()

        let read = try remoteConfig.rx.fetchAndActivate()
            .flatMap { status, error -> Observable<String> in
                switch status {
                case .error: .error(error ?? RemoteConfigError.unknown)
                case .successFetchedFromRemote: .just(remoteConfig["welcome_message"].stringValue)
                case .successUsingPreFetchedData: .empty()
                }
            }
            .toBlocking(timeout: 10).toArray()

        XCTAssertEqual(read, ["어서 오세요!"])
    }
}
