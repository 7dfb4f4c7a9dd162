// The code of TerminalUI's getting-started article (Modules/TerminalUI/TerminalUI.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import Reactive
import ReactiveUI
import TerminalUI
import XCTest

final class TipViewModel {
    private let count = BehaviorRelay(value: 0)

    /// The text the screen shows, always current.
    var summary: Driver<String> {
        count.asDriver().map { $0 == 0 ? "no tips yet" : "\($0) × 1,000원" }
    }

    func tip() { count.accept(count.value + 1) }

    /// Clears the tips; false when there was nothing to clear.
    func clear() -> Bool {
        guard count.value > 0 else { return false }
        count.accept(0)
        return true
    }
}

final class TipViewController: ViewController {
    private let viewModel: TipViewModel
    private let summary = Label()
    private let tip = Button("Tip", shortcut: "t")
    private let clear = Button("Clear", shortcut: "c")
    private let disposeBag = DisposeBag()

    init(viewModel: TipViewModel) {
        self.viewModel = viewModel
        super.init()
        title = "Tips"
    }

    override func loadView() {
        view = Panel(title: "Tips", VStack(summary, HStack(spacing: 2, tip, clear)))
    }

    override func viewDidLoad() {
        viewModel.summary.drive(summary.rx.text).disposed(by: disposeBag)
        tip.rx.tap.asSignal().emit(onNext: { [weak self] in self?.viewModel.tip() }).disposed(by: disposeBag)
        clear.rx.tap.asSignal()
            .emit(onNext: { [weak self] in
                guard let self, !viewModel.clear() else { return }
                rx.showMessage("There is nothing to clear.").subscribe().disposed(by: disposeBag)
            })
            .disposed(by: disposeBag)
    }
}

@MainActor func showTips() throws {
    let terminal = LiveTerminal()
    let screen = Screen(terminal: terminal)
    screen.rootViewController = TipViewController(viewModel: TipViewModel())
    try terminal.run()
}

@MainActor func tipsThenClears() -> Bool {
    let terminal = HeadlessTerminal(width: 30, height: 6)
    let controller = TipViewController(viewModel: TipViewModel())
    Screen(terminal: terminal).rootViewController = controller
    terminal.press("c")
    guard controller.presentedAlert?.message == "There is nothing to clear." else { return false }
    controller.presentedAlert?.choose(AlertAction(title: "OK"))
    terminal.press("t", "t")
    return terminal.snapshot().contains("2 × 1,000원")
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class TerminalUIGettingStartedTests: XCTestCase {
    func testTheScreenTipsAndRefusesToClearNothing() {
        XCTAssertTrue(tipsThenClears())
    }
}
