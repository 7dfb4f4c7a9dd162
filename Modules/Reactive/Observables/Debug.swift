import Foundation

extension ObservableType {
    /// Prints every event, the subscription and the disposal, with a timestamp and `identifier`
    /// (by default the file, line and function of the call), as RxSwift's `debug` does.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        Debug(
            source: asObservable(), identifier: identifier, trimOutput: trimOutput,
            file: file, line: line, function: function, output: { print($0) })
    }

    /// `debug` writing its lines to `output` instead of standard output, so tests can read them.
    func debug(
        _ identifier: String?,
        trimOutput: Bool,
        file: String,
        line: UInt,
        function: String,
        output: @escaping (String) -> Void
    ) -> Observable<Element> {
        Debug(
            source: asObservable(), identifier: identifier, trimOutput: trimOutput,
            file: file, line: line, function: function, output: output)
    }
}

private let debugDateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
private let maxEventTextLength = 40

final private class DebugSink<Element>: Sink<Element, Element> {
    private let parent: Debug<Element>
    private let timestampFormatter = DateFormatter()

    init(parent: Debug<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        timestampFormatter.dateFormat = debugDateFormat
        super.init(observer: observer, cancel: cancel)
        log("subscribed")
    }

    private func log(_ content: String) {
        parent.output("\(timestampFormatter.string(from: Date())): \(parent.identifier) -> \(content)")
    }

    private func logEvent(_ eventText: String) {
        let normalized =
            eventText.count > maxEventTextLength && parent.trimOutput
            ? String(eventText.prefix(maxEventTextLength / 2)) + "..." + String(eventText.suffix(maxEventTextLength / 2))
            : eventText
        log("Event \(normalized)")
    }

    override func next(_ element: Element) {
        logEvent(Event<Element>.next(element).debugDescription)
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        logEvent(Event<Element>.error(error).debugDescription)
        forwardError(error)
        dispose()
    }

    override func completed() {
        logEvent(Event<Element>.completed.debugDescription)
        forwardCompleted()
        dispose()
    }

    override func dispose() {
        if !isDisposed { log("isDisposed") }
        super.dispose()
    }
}

final private class Debug<Element>: Producer<Element> {
    fileprivate let identifier: String
    fileprivate let trimOutput: Bool
    fileprivate let output: (String) -> Void
    private let source: Observable<Element>

    init(
        source: Observable<Element>, identifier: String?, trimOutput: Bool,
        file: String, line: UInt, function: String, output: @escaping (String) -> Void
    ) {
        self.source = source
        self.trimOutput = trimOutput
        self.output = output
        if let identifier {
            self.identifier = identifier
        } else {
            let trimmedFile = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
            self.identifier = "\(trimmedFile):\(line) (\(function))"
        }
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}
