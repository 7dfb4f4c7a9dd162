import Reactive
import ReactiveUI
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class TextFieldTests: XCTestCase {
    func testTypingInsertsAtTheCursorAndKeysMoveAndDelete() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 12, height: 1)
        terminal.type("abc")
        XCTAssertEqual(field.text, "abc")
        XCTAssertEqual(field.cursorPosition, 3)
        terminal.press(.left, .left)
        terminal.type("X")
        XCTAssertEqual(field.text, "aXbc")
        XCTAssertEqual(field.cursorPosition, 2)
        terminal.press(.backspace)
        XCTAssertEqual(field.text, "abc")
        terminal.press(.delete)
        XCTAssertEqual(field.text, "ac")
        XCTAssertEqual(field.cursorPosition, 1)
        terminal.press(.home)
        terminal.press(.backspace)  // nothing before the cursor
        terminal.type("Z")
        XCTAssertEqual(field.text, "Zac")
        terminal.press(.end, .delete, .right)  // nothing after the cursor
        XCTAssertEqual(field.text, "Zac")
        XCTAssertEqual(field.cursorPosition, 3)
        terminal.press(.space)
        terminal.type("d")
        XCTAssertEqual(terminal.snapshot(), "Zac d")
    }

    func testControlKeysMoveAndClearToTheStart() {
        let field = TextField(text: "hello world")
        let (terminal, _, _) = show(field, width: 20, height: 1)
        terminal.press(.control("a"))
        XCTAssertEqual(field.cursorPosition, 0)
        terminal.press(.control("e"))
        XCTAssertEqual(field.cursorPosition, 11)
        terminal.press(.left, .left, .left, .left, .left, .control("u"))
        XCTAssertEqual(field.text, "world")
        XCTAssertEqual(field.cursorPosition, 0)
        terminal.press(.control("u"))  // nothing before the cursor
        XCTAssertEqual(field.text, "world")
    }

    func testTheCursorCellIsReversedOnlyWhileFocused() {
        let field = TextField(text: "ab")
        let button = Button("Go")
        let (terminal, screen, _) = show(VStack(field, button), width: 10, height: 2)
        XCTAssertEqual(terminal.snapshot(), lines("ab", "[ Go ]"))
        XCTAssertTrue(field.isFocused)  // the first focusable view, given the focus by the first frame
        let reversed = { (0..<10).filter { terminal.frame[$0, 0].style.reverse } }
        XCTAssertEqual(reversed(), [2])  // after the text
        terminal.press(.left)
        XCTAssertEqual(reversed(), [1])
        XCTAssertTrue(terminal.frame[5, 0].style.underline)  // the field's extent is marked
        screen.focus(button)
        XCTAssertEqual(reversed(), [])
        XCTAssertEqual(terminal.snapshot(), lines("ab", "[>Go<]"))
    }

    func testWideCharactersTakeTwoCellsAndMoveAsOne() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 10, height: 1)
        terminal.type("김밥a")
        XCTAssertEqual(terminal.snapshot(), "김밥a")
        let reversed = { (0..<10).filter { terminal.frame[$0, 0].style.reverse } }
        XCTAssertEqual(reversed(), [5])
        terminal.press(.left, .left)
        XCTAssertEqual(field.cursorPosition, 1)
        XCTAssertEqual(reversed(), [2, 3])  // the cursor covers the whole of 밥
        terminal.press(.backspace)
        XCTAssertEqual(field.text, "밥a")
        XCTAssertEqual(terminal.snapshot(), "밥a")
        XCTAssertEqual(reversed(), [0, 1])
    }

    func testJamoAndCombiningMarksEditAsOneCharacter() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 10, height: 1)
        // A syllable spelt with conjoining jamo, one key each, and e + a combining acute accent
        // (`type` would send each pair as one character, so the scalars are pressed one by one).
        terminal.press(.character("\u{1100}"), .character("\u{1161}"), "e", .character("\u{301}"))
        XCTAssertEqual(field.text.count, 2)
        XCTAssertEqual(field.cursorPosition, 2)
        XCTAssertEqual(terminal.snapshot(), "\u{1100}\u{1161}e\u{301}")
        terminal.press(.left)
        XCTAssertEqual(field.cursorPosition, 1)
        terminal.press(.backspace)  // the whole syllable goes
        XCTAssertEqual(field.text, "e\u{301}")
        // A vowel jamo typed before an initial would join it into a syllable: the cursor stays
        // on a character boundary, after the syllable.
        field.text = "\u{1161}"
        terminal.press(.home)
        terminal.press(.character("\u{1100}"))
        XCTAssertEqual(field.text, "\u{1100}\u{1161}")
        XCTAssertEqual(field.cursorPosition, 1)
    }

    func testLongTextScrollsToKeepTheCursorVisible() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 10, height: 1)
        terminal.type("abcdefghijklmnopqrstuvwxyz")
        // The tail, and the cursor in the last cell after it.
        XCTAssertEqual(terminal.snapshot(), "rstuvwxyz")
        XCTAssertTrue(terminal.frame[9, 0].style.reverse)
        terminal.press(.home)
        XCTAssertEqual(terminal.snapshot(), "abcdefghij")
        XCTAssertTrue(terminal.frame[0, 0].style.reverse)
        // Moving right within the view does not scroll; past its edge scrolls by one.
        for _ in 0..<9 { terminal.press(.right) }
        XCTAssertEqual(terminal.snapshot(), "abcdefghij")
        XCTAssertTrue(terminal.frame[9, 0].style.reverse)
        terminal.press(.right)
        XCTAssertEqual(terminal.snapshot(), "bcdefghijk")
        XCTAssertTrue(terminal.frame[9, 0].style.reverse)
        // Deleting from the end pulls hidden text back in rather than leaving blank cells.
        terminal.press(.end)
        for _ in 0..<5 { terminal.press(.backspace) }
        XCTAssertEqual(field.text, "abcdefghijklmnopqrstu")
        XCTAssertEqual(terminal.snapshot(), "mnopqrstu")
        XCTAssertTrue(terminal.frame[9, 0].style.reverse)
    }

    func testScrollingNeverSplitsAWideCharacter() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 6, height: 1)
        terminal.type("a김밥떡")
        // 7 cells of text and the cursor's: "a" and half of 김 are scrolled out, and 김 is not split.
        XCTAssertEqual(terminal.snapshot(), " 밥떡")
        XCTAssertEqual(terminal.frame.lines[0].terminalWidth, 5)
        XCTAssertTrue(terminal.frame[5, 0].style.reverse)
        terminal.press(.home)
        XCTAssertEqual(terminal.snapshot(), "a김밥")
    }

    func testSecureEntryDrawsBulletsAndNeverTheSecret() {
        let field = TextField(isSecureTextEntry: true)
        let (terminal, _, _) = show(field, width: 10, height: 1)
        let bag = DisposeBag()
        var texts: [String] = []
        field.rx.text.orEmpty.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
        terminal.type("s3cr3t김")
        XCTAssertEqual(terminal.snapshot(), "•••••••")
        XCTAssertEqual(field.text, "s3cr3t김")
        XCTAssertEqual(texts.last, "s3cr3t김")
        // A secret longer than the field still shows only bullets, one per character.
        terminal.type("-and-more")
        XCTAssertEqual(terminal.snapshot(), String(repeating: "•", count: 9))
        XCTAssertFalse(terminal.snapshot().contains("s3cr3t"))
        field.isSecureTextEntry = false
        XCTAssertEqual(terminal.snapshot(), "-and-more")
    }

    func testPlaceholderIsDimmedWhileEmpty() {
        let field = TextField(placeholder: "Identity token")
        let (terminal, _, _) = show(field, width: 20, height: 1)
        XCTAssertEqual(terminal.snapshot(), "Identity token")
        XCTAssertTrue(terminal.frame[1, 0].style.dim)
        XCTAssertTrue(terminal.frame[0, 0].style.reverse)  // the cursor sits on its first cell
        XCTAssertEqual(field.text, "")
        terminal.type("x")
        XCTAssertEqual(terminal.snapshot(), "x")
        XCTAssertFalse(terminal.frame[0, 0].style.dim)
        terminal.press(.backspace)
        XCTAssertEqual(terminal.snapshot(), "Identity token")
        field.placeholder = "A very long placeholder text"
        XCTAssertEqual(terminal.snapshot(), "A very long placeho…")
    }

    func testControlCharactersAreIgnored() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 10, height: 1)
        terminal.type("a\u{7}b\u{1B}[2Jc\r\n\u{7F}d")
        XCTAssertEqual(field.text, "ab[2Jcd")
        XCTAssertEqual(terminal.snapshot(), "ab[2Jcd")
    }

    func testSettingTheTextMovesTheCursorToTheEnd() {
        let field = TextField(text: "abc")
        let (terminal, _, _) = show(field, width: 10, height: 1)
        terminal.press(.home)
        XCTAssertEqual(field.cursorPosition, 0)
        field.text = "xyz"
        XCTAssertEqual(field.cursorPosition, 3)
        XCTAssertEqual(terminal.snapshot(), "xyz")
        XCTAssertTrue(terminal.frame[3, 0].style.reverse)
        terminal.type("!")
        XCTAssertEqual(field.text, "xyz!")
    }

    func testRxTextEmitsTheCurrentTextThenEachChange() {
        let field = TextField(text: "a")
        let (terminal, _, _) = show(field, width: 10, height: 1)
        let bag = DisposeBag()
        var texts: [String] = []
        field.rx.text.orEmpty.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
        XCTAssertEqual(texts, ["a"])
        terminal.type("bc")
        terminal.press(.left, .right, .home, .backspace)  // moves and no-ops change nothing
        terminal.press(.delete)
        field.text = "bc"  // the same text: no event
        field.text = "new"
        XCTAssertEqual(texts, ["a", "ab", "abc", "bc", "new"])

        // Binds like any observable: to a relay, or to a label's binder (applied at once on the main thread).
        let relay = BehaviorRelay(value: "")
        let echo = Label()
        field.rx.text.orEmpty.bind(to: relay).disposed(by: bag)
        field.rx.text.bind(to: echo.rx.text).disposed(by: bag)
        XCTAssertEqual(echo.text, "new")
        terminal.type("!")
        XCTAssertEqual(relay.value, "new!")
        XCTAssertEqual(echo.text, "new!")
    }

    func testRxSubmitEmitsTheTextOnEnter() {
        let field = TextField()
        let (terminal, _, controller) = show(field, width: 10, height: 1)
        let bag = DisposeBag()
        var submitted: [String] = []
        var unused: [Key] = []
        field.rx.submit.subscribe(onNext: { submitted.append($0) }).disposed(by: bag)
        controller.rx.keys.subscribe(onNext: { unused.append($0) }).disposed(by: bag)
        terminal.type("token")
        terminal.press(.enter)
        terminal.type("2")
        terminal.press(.enter)
        XCTAssertEqual(submitted, ["token", "token2"])
        XCTAssertEqual(unused, [])  // Enter is the field's
        XCTAssertEqual(field.text, "token2")  // submitting keeps the text
    }

    func testKeysTheFieldDoesNotUseGoOnToTheScreen() {
        let field = TextField()
        let button = Button("Go", shortcut: "g")
        let (terminal, _, controller) = show(VStack(field, button), width: 10, height: 2)
        let bag = DisposeBag()
        var unused: [Key] = []
        var taps = 0
        controller.rx.keys.subscribe(onNext: { unused.append($0) }).disposed(by: bag)
        button.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        XCTAssertFalse(field.handleKey(.up))
        terminal.press(.up, .down, .escape, .pageUp, .control("x"), "g")
        XCTAssertEqual(unused, [.up, .down, .escape, .pageUp, .control("x")])
        XCTAssertEqual(taps, 0)  // "g" was typed into the focused field, not taken as the shortcut
        XCTAssertEqual(field.text, "g")
        terminal.press(.tab)
        XCTAssertTrue(button.isFocused)
        terminal.press("g")
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(field.text, "g")
    }

    func testALongPasteTypedKeyByKeyArrivesIntact() {
        let field = TextField()
        let (terminal, _, _) = show(field, width: 40, height: 1)
        let bag = DisposeBag()
        var events = 0
        field.rx.text.orEmpty.subscribe(onNext: { _ in events += 1 }).disposed(by: bag)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
        let pasted = String((0..<2000).map { alphabet[($0 * 7 + $0 / 13) % alphabet.count] })
        XCTAssertEqual(terminal.snapshot(), "")  // the first frame
        let frames = terminal.frameCount
        terminal.type(pasted)
        XCTAssertEqual(field.text, pasted)
        XCTAssertEqual(events, 2001)  // the empty text, then one per key
        // Keys only mark the screen dirty: the whole paste is drawn in one frame, when it is read.
        XCTAssertEqual(terminal.frameCount, frames)
        XCTAssertEqual(terminal.snapshot(), String(pasted.suffix(39)))
        XCTAssertEqual(terminal.frameCount, frames + 1)
        terminal.press(.home)
        XCTAssertEqual(terminal.snapshot(), String(pasted.prefix(40)))
        // Editing in the middle of a long text keeps it whole.
        for _ in 0..<1000 { terminal.press(.right) }
        terminal.type("|")
        XCTAssertEqual(field.text, String(pasted.prefix(1000)) + "|" + String(pasted.dropFirst(1000)))
    }

    func testABracketedPasteInsertsAtTheCursorAsOneEditWithoutControlCharacters() {
        let field = TextField(text: "ab")
        let (terminal, _, _) = show(field, width: 20, height: 1)
        let bag = DisposeBag()
        var texts: [String] = []
        field.rx.text.orEmpty.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
        var submitted: [String] = []
        field.rx.submit.subscribe(onNext: { submitted.append($0) }).disposed(by: bag)
        terminal.press(.left)
        // A token copied across wrapped lines: the newlines and the tab go, the text stays whole.
        terminal.press(.paste("eyJ\nhbG\r\nci\t튀\n"))
        XCTAssertEqual(field.text, "aeyJhbGci튀b")
        XCTAssertEqual(field.cursorPosition, 10, "after the pasted text")
        XCTAssertEqual(texts, ["ab", "aeyJhbGci튀b"], "one edit, one change")
        XCTAssertEqual(submitted, [], "a newline in a paste is not Enter")
        terminal.press(.paste("\n\t"))
        XCTAssertEqual(texts.count, 2, "a paste of control characters only changes nothing")
    }
}
