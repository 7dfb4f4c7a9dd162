import Dispatch
import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class LabelTests: XCTestCase {
    func testAlignmentWithinTheLabelsWidth() {
        let left = Label("튀김1")
        let center = Label("튀김1", alignment: .center)
        let right = Label("₩1,000", alignment: .right)
        let (terminal, _, _) = show(VStack(left, center, right), width: 10, height: 3)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "튀김1",
                "  튀김1",
                "    ₩1,000"
            ))
    }

    func testTruncationOfKoreanText() {
        let label = Label("튀김 떡볶이 순대", alignment: .right)
        let (terminal, _, _) = show(label, width: 8, height: 1)
        XCTAssertEqual(terminal.snapshot(), "튀김 떡…")
        label.text = "튀김튀김튀김"
        XCTAssertEqual(terminal.snapshot(), " 튀김튀…")  // a wide character never straddles the edge
        XCTAssertEqual(terminal.frame.lines[0].terminalWidth, 8)
    }

    func testNilTextShowsNothing() {
        let label = Label()
        let (terminal, _, _) = show(label, width: 5, height: 1)
        XCTAssertEqual(terminal.snapshot(), "")
        XCTAssertNil(label.text)
    }

    func testWrappingToSeveralLines() {
        let label = Label("주문이 없습니다 지금 주문하세요", numberOfLines: 0)
        let (terminal, _, _) = show(label, width: 10, height: 4)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "주문이",
                "없습니다",
                "지금",
                "주문하세요"
            ))
        label.numberOfLines = 2
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "주문이",
                "없습니다…"
            ))
    }

    func testSeedStyleBindingOnTheMainThread() {
        let total = Label()
        let count = Label()
        let bag = DisposeBag()
        let menus = BehaviorSubject<[Int]>(value: [1_000, 2_500])
        let (terminal, _, _) = show(VStack(count, total), width: 12, height: 2)

        menus.map { "\($0.count)" }
            .observe(on: MainScheduler.instance)
            .bind(to: count.rx.text)
            .disposed(by: bag)
        menus.map { "₩\($0.reduce(0, +))" }
            .observe(on: MainScheduler.instance)
            .bind(to: total.rx.text)
            .disposed(by: bag)

        // As in RxSwift, a binder inside observe(on: MainScheduler) applies on the next main-queue turn.
        drainMainQueue()
        XCTAssertEqual(total.text, "₩3500")
        XCTAssertEqual(terminal.snapshot(), lines("2", "₩3500"))
        menus.onNext([100])
        drainMainQueue()
        XCTAssertEqual(terminal.snapshot(), lines("1", "₩100"))
    }

    func testBindingFromABackgroundThreadObservedOnTheMainScheduler() {
        let label = Label()
        let bag = DisposeBag()
        let updated = XCTestExpectation(description: "label set")
        let (terminal, _, _) = show(label, width: 20, height: 1)
        let phone = PublishSubject<String>()
        phone.observe(on: MainScheduler.instance)
            .do(onNext: { _ in MainScheduler.ensureExecutingOnScheduler() })
            .bind(to: label.rx.text)
            .disposed(by: bag)
        phone.observe(on: MainScheduler.instance)
            .subscribe(onNext: { _ in updated.fulfill() })
            .disposed(by: bag)

        DispatchQueue.global().async { phone.onNext("010-1234-5678") }
        XCTAssertEqual(XCTWaiter().wait(for: [updated], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertEqual(label.text, "010-1234-5678")
        XCTAssertEqual(terminal.snapshot(), "010-1234-5678")
    }

    func testBinderHoldsTheLabelWeakly() {
        var label: Label? = Label()
        let binder = label!.rx.text
        binder.onNext("a")
        XCTAssertEqual(label?.text, "a")
        weak let released = label
        label = nil
        XCTAssertNil(released)
        binder.onNext("b")
    }
}
