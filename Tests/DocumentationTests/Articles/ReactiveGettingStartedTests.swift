// The code of Reactive's getting-started article (Modules/Reactive/Reactive.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import Reactive
import XCTest

func discountedPrices() -> [Int] {
    let bag = DisposeBag()
    var prices: [Int] = []
    Observable.of(4000, 3500, 4500)
        .filter { $0 < 4500 }
        .map { $0 + 500 }
        .subscribe(onNext: { prices.append($0) })
        .disposed(by: bag)
    return prices  // [4500, 4000]
}

func totals() -> [Int] {
    let count = BehaviorRelay(value: 1)
    let price = BehaviorRelay(value: 4000)
    let bag = DisposeBag()
    var totals: [Int] = []
    Observable.combineLatest(count.asObservable(), price.asObservable()) { $0 * $1 }
        .subscribe(onNext: { totals.append($0) })
        .disposed(by: bag)
    count.accept(2)
    return totals  // [4000, 8000]
}

func firstDish() async throws -> String {
    try await Single.just("떡볶이").value
}

func dishes() async throws -> [String] {
    var names: [String] = []
    for try await name in Observable.of("김밥", "라면").values { names.append(name) }
    return names
}

final class ReactiveGettingStartedTests: XCTestCase {
    func testTheValuesTheArticleGives() async throws {
        XCTAssertEqual(discountedPrices(), [4500, 4000])
        XCTAssertEqual(totals(), [4000, 8000])
        let first = try await firstDish()
        XCTAssertEqual(first, "떡볶이")
        let all = try await dishes()
        XCTAssertEqual(all, ["김밥", "라면"])
    }
}
