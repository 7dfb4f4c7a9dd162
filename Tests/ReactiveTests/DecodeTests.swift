import Foundation
import Reactive
import ReactiveTesting
import XCTest

private struct Dish: Codable, Equatable {
    let name: String
    let price: Int
}

/// `decode(type:decoder:)` on a sequence of `Data`, with any `DataDecoder`.
final class DecodeTests: XCTestCase {
    func testEachValueIsDecodedWithTheDecoder() throws {
        let json = [#"{"name":"김밥","price":3500}"#, #"{"name":"라면","price":4500}"#].map { Data($0.utf8) }
        let dishes = try Observable.from(json).decode(type: Dish.self, decoder: JSONDecoder()).toBlocking(timeout: 5).toArray()
        XCTAssertEqual(dishes, [Dish(name: "김밥", price: 3500), Dish(name: "라면", price: 4500)])
    }

    func testAValueThatDoesNotDecodeFailsTheSequenceWithTheDecodersError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"name":"떡볶이","price":4000}"#.utf8)), .next(220, Data("not json".utf8)), .next(230, Data()),
        ])
        let res = scheduler.start { xs.decode(type: Dish.self, decoder: JSONDecoder()) }
        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first, .next(210, Dish(name: "떡볶이", price: 4000)))
        XCTAssertEqual(res.events.last?.time, 220)
        XCTAssertTrue(res.events.last?.value.error is DecodingError, "\(String(describing: res.events.last))")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAPropertyListDecoderIsADataDecoder() throws {
        let data = try PropertyListEncoder().encode(Dish(name: "튀김", price: 1000))
        let decoded = try Observable.just(data).decode(type: Dish.self, decoder: PropertyListDecoder()).toBlocking(timeout: 5).single()
        XCTAssertEqual(decoded, Dish(name: "튀김", price: 1000))
    }
}
