import Dispatch
import Reactive
import ReactiveTesting
import ReactiveUI
import TerminalUI
import XCTest

/// A view controller written as RxCocoa users write them, with closures that touch its own
/// main-actor state and no annotation: it builds with zero warnings in Swift 6 mode (the proof is
/// this file compiling), and the test below runs it.
@MainActor
private final class GreetingViewController: ViewController {
    let nameField = TextField()
    let greeting = Label()
    let status = Label()
    let sendButton = Button("Send", shortcut: "s")
    private(set) var sent: [String] = []
    private(set) var shownCount = 0
    private let disposeBag = DisposeBag()
    private let names: Driver<String>
    private let notices: Signal<String>

    init(names: Driver<String>, notices: Signal<String>) {
        self.names = names
        self.notices = notices
        super.init()
    }

    override func loadView() {
        view = VStack(nameField, greeting, status, sendButton)
    }

    override func viewDidLoad() {
        names
            .map { "Hello, \($0)" }
            .drive(onNext: {
                self.greeting.text = $0
                self.shownCount += 1
            })
            .disposed(by: disposeBag)
        notices
            .emit(onNext: { self.status.text = $0 })
            .disposed(by: disposeBag)
        nameField.rx.text.orEmpty
            .map { $0.isEmpty ? "Type a name" : "\($0.count) letters" }
            .bind(to: status.rx.text)
            .disposed(by: disposeBag)
        sendButton.rx.tap
            .withLatestFrom(nameField.rx.text.orEmpty)
            .subscribe(onNext: { self.sent.append($0) })
            .disposed(by: disposeBag)
        sendButton.rx.tap.asSignal()
            .emit(with: self, onNext: { controller, _ in controller.nameField.text = "" })
            .disposed(by: disposeBag)
    }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class MainActorScreenTests: XCTestCase {
    func testDriversSignalsAndControlsUpdateTheScreenOnTheMainThread() {
        let names = PublishSubject<String>()
        let notices = PublishRelay<String>()
        let controller = GreetingViewController(
            names: names.asDriver(onErrorJustReturn: "stranger"), notices: notices.asSignal())
        let terminal = HeadlessTerminal(width: 20, height: 4)
        let screen = Screen(terminal: terminal)
        screen.rootViewController = controller

        // The text field's property gives its text at once when bound on the main thread.
        XCTAssertEqual(controller.status.text, "Type a name")
        terminal.type("Kim")
        XCTAssertEqual(controller.status.text, "3 letters")

        // A name sent from another thread reaches the label on the main thread.
        let sent = XCTestExpectation(description: "sent from a background thread")
        DispatchQueue.global().async {
            names.onNext("Lee")
            sent.fulfill()
        }
        XCTAssertEqual(XCTWaiter.wait(for: [sent], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertEqual(controller.greeting.text, "Hello, Lee")

        // An error never reaches the view: the driver shows its replacement and completes.
        names.onError(RxError.unknown)
        drainMainQueue()
        XCTAssertEqual(controller.greeting.text, "Hello, stranger")
        XCTAssertEqual(controller.shownCount, 2)

        notices.accept("Saved")
        XCTAssertEqual(controller.status.text, "Saved")
        controller.sendButton.sendTap()
        XCTAssertEqual(controller.sent, ["Kim"])
        XCTAssertEqual(controller.nameField.text, "")
        XCTAssertEqual(controller.status.text, "Type a name")
        drainMainQueue()
        XCTAssertEqual(
            terminal.snapshot().split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init),
            ["Hello, stranger", "Type a name", "[ Send ]"])
    }
}
