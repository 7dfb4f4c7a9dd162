import RemoteConfigInterface
import XCTest

@testable import RemoteConfig

/// The real-time stream cut into messages however the bytes arrive.
final class RealtimeMessageFramerTests: XCTestCase {
    private let arrayFraming = Array(
        """
        [{
          "latestTemplateVersionNumber": "12"
        },
        {
          "latestTemplateVersionNumber": "13",
          "note": "a } and a \\" in a string"
        }]
        """.utf8)

    func testAnArraySentPieceByPieceGivesEachObjectOnceItIsComplete() throws {
        for split in 1..<arrayFraming.count {
            var framer = RealtimeMessageFramer()
            let first = try framer.append(arrayFraming[..<split])
            let second = try framer.append(arrayFraming[split...])
            let messages = try (first + second).map(RealtimeMessage.init)
            XCTAssertEqual(messages.map(\.latestTemplateVersion), [12, 13], "split at \(split)")
        }
    }

    func testAHalfReceivedObjectIsNeverGivenOut() throws {
        var framer = RealtimeMessageFramer()
        XCTAssertEqual(try framer.append(Array(#"{"latestTemplateVersionNumber": "4"#.utf8)), [])
        XCTAssertEqual(try framer.append(Array(#"2"}"#.utf8)).map { try RealtimeMessage($0).latestTemplateVersion }, [42])
    }

    func testObjectsOneAfterAnotherAndTheOtherFields() throws {
        var framer = RealtimeMessageFramer()
        let text = #"{"latestTemplateVersionNumber": 7}{"featureDisabled": true} {"retryIntervalSeconds": "30"}"#
        let messages = try framer.append(Array(text.utf8)).map(RealtimeMessage.init)
        XCTAssertEqual(
            messages,
            [
                RealtimeMessage(latestTemplateVersion: 7),
                RealtimeMessage(latestTemplateVersion: nil, featureDisabled: true),
                RealtimeMessage(latestTemplateVersion: nil, retryInterval: 30),
            ])
    }

    func testBytesOutsideAnObjectAndOversizedObjectsAreRefused() {
        var garbage = RealtimeMessageFramer()
        XCTAssertThrowsError(try garbage.append(Array("hello".utf8))) { error in
            XCTAssertEqual(error as? RemoteConfigError, .malformedResponse(.invalidJSON))
        }
        var small = RealtimeMessageFramer(maximumMessageSize: 16)
        XCTAssertThrowsError(try small.append(Array(#"{"latestTemplateVersionNumber": "1"}"#.utf8))) { error in
            XCTAssertEqual(error as? RemoteConfigError, .responseTooLarge(limit: 16))
        }
    }

    func testAMessageThatIsNotAnObjectIsMalformed() {
        XCTAssertThrowsError(try RealtimeMessage(Data("{nope}".utf8))) { error in
            XCTAssertEqual(error as? RemoteConfigError, .malformedResponse(.notAnObject))
        }
    }
}
