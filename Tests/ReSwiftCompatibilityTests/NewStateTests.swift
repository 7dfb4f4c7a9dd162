import ReSwiftCompatibility
import XCTest

/// What `StoreSubscriber`'s `_newState(state:)` passes on: a state of exactly the subscriber's
/// type as it is, one that casts to it (an optional, a subclass, a protocol) cast, any other not at all.
final class NewStateTests: XCTestCase {
    private final class Receiver<Received>: StoreSubscriber {
        var received: [Received] = []
        func newState(state: Received) { received.append(state) }
    }

    private protocol Shape {}
    private struct Square: Shape, Equatable { let side: Int }
    private class Animal {}
    private final class Dog: Animal {}

    func testAStateOfTheSubscribersOwnTypeIsPassedOnAsItIs() {
        let receiver = Receiver<Int>()
        receiver._newState(state: 3)
        receiver._newState(state: -7)
        XCTAssertEqual(receiver.received, [3, -7])
    }

    func testAStateOfAnotherTypeIsIgnored() {
        let receiver = Receiver<Int>()
        receiver._newState(state: "3")
        receiver._newState(state: 3.0)
        receiver._newState(state: Optional<Int>.none as Any)
        XCTAssertEqual(receiver.received, [])
    }

    func testAStateThatCastsToTheSubscribersTypeIsCast() {
        let optional = Receiver<Int?>()
        optional._newState(state: 3)
        optional._newState(state: Optional(4) as Any)
        optional._newState(state: Optional<Int>.none as Any)
        XCTAssertEqual(optional.received, [3, 4, nil])

        let shapes = Receiver<any Shape>()
        shapes._newState(state: Square(side: 2))
        XCTAssertEqual(shapes.received.map { $0 as? Square }, [Square(side: 2)])

        let animals = Receiver<Animal>()
        let dog = Dog()
        animals._newState(state: dog)
        XCTAssertTrue(animals.received.first === dog)
    }

    func testALargeStateOfTheSubscribersOwnTypeArrivesWhole() {
        // Larger than an `Any` holds inline: the value sits in a box of its own.
        let receiver = Receiver<[String: [Int]]>()
        let state = ["a": [1, 2, 3], "b": Array(0..<100)]
        receiver._newState(state: state)
        XCTAssertEqual(receiver.received, [state])
        let pair = Receiver<(Int, Int, Int, Int)>()
        pair._newState(state: (1, 2, 3, 4))
        XCTAssertEqual(pair.received.first.map { [$0.0, $0.1, $0.2, $0.3] }, [1, 2, 3, 4])
    }
}
