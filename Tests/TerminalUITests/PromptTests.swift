import Dispatch
import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class PromptTests: XCTestCase {
    /// Records what a prompt emits.
    @MainActor private final class Recorder {
        var events: [String] = []
        let bag = DisposeBag()

        func record(_ prompt: Observable<String>) {
            prompt.subscribe(onNext: { self.events.append($0) }, onCompleted: { self.events.append("|") })
                .disposed(by: bag)
        }
    }

    func testPromptShowsAFieldAboveCancelAndOK() {
        let (terminal, _, controller) = show(Label("배경"), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Sign in", message: "Paste your identity token", placeholder: "eyJ…"))
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "배경",
                "   ┌──────────────────────────────────────────┐",
                "   │                 Sign in                  │",
                "   │                                          │",
                "   │        Paste your identity token         │",
                "   │                                          │",
                "   │ eyJ…                                     │",
                "   │                                          │",
                "   │            [ Cancel ] [>OK<]             │",
                "   └──────────────────────────────────────────┘"
            ))
        // The field's row: the placeholder dimmed, the cursor on its first cell, all of it underlined.
        XCTAssertTrue(terminal.frame[5, 6].style.reverse)
        XCTAssertTrue(terminal.frame[6, 6].style.dim)
        XCTAssertTrue(terminal.frame[44, 6].style.underline)
        XCTAssertFalse(terminal.frame[45, 6].style.underline)
        terminal.type("eyJraWQiOiJXNlda")
        XCTAssertTrue(terminal.snapshot().contains("│ eyJraWQiOiJXNlda                         │"))
        XCTAssertTrue(terminal.frame[21, 6].style.reverse)
        let alert = try! XCTUnwrap(controller.presentedAlert)
        XCTAssertEqual(alert.actions, [AlertAction(title: "Cancel", style: .cancel), AlertAction(title: "OK")])
        XCTAssertEqual(alert.highlightedIndex, 1)
        XCTAssertEqual(alert.textFieldText, "eyJraWQiOiJXNlda")
        XCTAssertEqual(recorder.events, [])
    }

    func testEnterSubmitsTheTextAndCompletes() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Token", message: nil))
        terminal.type("eyJhbGciOi")
        XCTAssertEqual(controller.presentedAlert?.textFieldText, "eyJhbGciOi")
        XCTAssertTrue(terminal.snapshot().contains("eyJhbGciOi"))
        terminal.press(.enter)
        XCTAssertEqual(recorder.events, ["eyJhbGciOi", "|"])
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(terminal.snapshot(), "")
    }

    func testEscapeCancelsWithoutAnElement() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Token", message: nil))
        terminal.type("typed but cancelled")
        terminal.press(.escape)
        XCTAssertEqual(recorder.events, ["|"])
        XCTAssertNil(controller.presentedAlert)
    }

    func testTheCancelButtonCancelsWithoutAnElement() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Token", message: nil, submitTitle: "Sign In", cancelTitle: "취소"))
        terminal.type("abc")
        terminal.press(.backTab)
        XCTAssertEqual(controller.presentedAlert?.highlightedIndex, 0)
        XCTAssertTrue(terminal.snapshot().contains("[>취소<] [ Sign In ]"))
        terminal.press(.enter)
        XCTAssertEqual(recorder.events, ["|"])
        XCTAssertNil(controller.presentedAlert)
    }

    func testChoosingFromCodeReportsAsTheKeysDo() {
        let controller = ViewController()  // no screen needed
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: nil, message: "Token?"))
        let alert = try! XCTUnwrap(controller.presentedAlert)
        alert.textField?.text = "set from a test"
        alert.choose(AlertAction(title: "OK"))
        XCTAssertEqual(recorder.events, ["set from a test", "|"])
        recorder.record(controller.rx.prompt(title: nil, message: "Token?"))
        controller.presentedAlert?.chooseAction(at: 0)
        XCTAssertEqual(recorder.events, ["set from a test", "|", "|"])
    }

    func testDisposingTheSubscriptionDismissesThePrompt() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        var events: [String] = []
        let subscription = controller.rx.prompt(title: "Token", message: nil)
            .subscribe(onNext: { events.append($0) }, onCompleted: { events.append("|") })
        terminal.type("abc")
        subscription.dispose()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(terminal.snapshot(), "")
        terminal.press(.enter)  // the alert is gone: nothing more is reported
        XCTAssertEqual(events, [])
    }

    func testEditingKeysGoToTheFieldAndTabMovesTheHighlight() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Token", message: nil))
        let alert = try! XCTUnwrap(controller.presentedAlert)
        terminal.type("a c")
        terminal.press(.left, .left, .backspace, .delete, .right)  // Left and Right move the cursor, not the highlight
        XCTAssertEqual(alert.textFieldText, "c")
        XCTAssertEqual(alert.highlightedIndex, 1)
        terminal.press(.home, .space, .end, "d", .control("a"), "x", .control("e"))
        XCTAssertEqual(alert.textFieldText, "x cd")
        terminal.press(.left, .control("u"))
        XCTAssertEqual(alert.textFieldText, "d")
        terminal.press(.up, .down, .pageDown, .insert)  // unused keys change nothing
        XCTAssertEqual(alert.textFieldText, "d")
        terminal.press(.tab)
        XCTAssertEqual(alert.highlightedIndex, 0)
        XCTAssertTrue(terminal.snapshot().contains("[>Cancel<] [ OK ]"))
        terminal.press(.tab)
        XCTAssertEqual(alert.highlightedIndex, 1)
        XCTAssertTrue(terminal.snapshot().contains("[ Cancel ] [>OK<]"))
        terminal.press(.backTab, .backTab)
        terminal.press(.space)
        XCTAssertEqual(recorder.events, [])  // Space typed a space rather than choosing
        XCTAssertEqual(alert.textFieldText, " d")  // typed at the cursor, which Ctrl-U left at the start
        terminal.press(.enter)
        XCTAssertEqual(recorder.events, [" d", "|"])
    }

    func testThePromptIsModal() {
        let button = Button("Order", shortcut: "o")
        let field = TextField(text: "under")
        let bag = DisposeBag()
        var taps = 0
        var unused: [Key] = []
        button.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        let (terminal, _, controller) = show(VStack(field, button), width: 50, height: 11)
        controller.rx.keys.subscribe(onNext: { unused.append($0) }).disposed(by: bag)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Token", message: nil))
        terminal.type("o")
        terminal.press(.up, .escape)
        XCTAssertEqual(taps, 0)
        XCTAssertEqual(unused, [])
        XCTAssertEqual(field.text, "under")  // the field under the alert got nothing
        XCTAssertEqual(recorder.events, ["|"])
        terminal.type("o")
        XCTAssertEqual(field.text, "undero")  // back to the screen's focused field
    }

    func testSecurePromptNeverShowsTheSecret() {
        let (terminal, _, controller) = show(View(), width: 50, height: 11)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Password", message: nil, isSecureTextEntry: true))
        terminal.type("hunter2")
        let snapshot = terminal.snapshot()
        XCTAssertFalse(snapshot.contains("hunter2"))
        XCTAssertFalse(snapshot.contains("h"))
        XCTAssertTrue(snapshot.contains("•••••••"))
        terminal.press(.enter)
        XCTAssertEqual(recorder.events, ["hunter2", "|"])
    }

    func testAPastedTokenArrivesIntact() {
        let (terminal, _, controller) = show(View(), width: 80, height: 24)
        let recorder = Recorder()
        recorder.record(controller.rx.prompt(title: "Sign in with Apple", message: "Paste the identity token"))
        let token = Self.makeToken(length: 1500)
        terminal.type(token)
        XCTAssertEqual(controller.presentedAlert?.textFieldText, token)
        // The field shows the token's tail, and the cursor after it.
        let row = try! XCTUnwrap(terminal.snapshot().split(separator: "\n").first { $0.contains(token.suffix(20)) })
        XCTAssertFalse(row.contains(token.prefix(20)))
        terminal.press(.enter)
        XCTAssertEqual(recorder.events, [token, "|"])

        // Pasted in one go with a trailing newline (bracketed paste): the newline does not submit.
        let second = Recorder()
        second.record(controller.rx.prompt(title: "Sign in with Apple", message: "Paste the identity token"))
        terminal.press(.paste(token + "\n"))
        XCTAssertEqual(second.events, [])
        XCTAssertEqual(controller.presentedAlert?.textFieldText, token)
        terminal.press(.enter)
        XCTAssertEqual(second.events, [token, "|"])
    }

    func testAlertsWithoutAFieldHaveNone() {
        let (_, _, controller) = show(View(), width: 40, height: 9)
        let bag = DisposeBag()
        controller.rx.showMessage("hi").subscribe().disposed(by: bag)
        XCTAssertNil(controller.presentedAlert?.textField)
        XCTAssertNil(controller.presentedAlert?.textFieldText)
    }

    func testSubscribingOffTheMainThreadPresentsThroughTheMainQueue() {
        let controller = ViewController()
        let subscribed = XCTestExpectation(description: "subscribed on a background thread")
        let disposed = XCTestExpectation(description: "disposed on a background thread")
        let subscription = controller.rx.prompt(title: "Token", message: nil)
            .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposed.fulfill() })
            .subscribe(on: SerialDispatchQueueScheduler(qos: .default))
            .subscribe()
        XCTAssertEqual(XCTWaiter().wait(for: [subscribed], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertNotNil(controller.presentedAlert?.textField)
        subscription.dispose()
        XCTAssertEqual(XCTWaiter().wait(for: [disposed], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
    }

    /// A JWT-shaped ASCII string: three base64url parts separated by dots.
    private static func makeToken(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var token = ""
        var state: UInt32 = 2_463_534_242  // xorshift: no period short enough to repeat a 20-character run
        for index in 0..<length {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            token.append(index == length / 3 || index == 2 * length / 3 ? "." : alphabet[Int(state % 64)])
        }
        return token
    }
}
