extension ObservableType {
    /// Sends `initialState` and each state `iterate` makes from the last while `condition` holds, then
    /// completes; an error thrown by either closure ends the sequence with it.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

final private class Generate<Element>: Producer<Element> {
    fileprivate let initialState: Element
    fileprivate let condition: (Element) throws -> Bool
    fileprivate let iterate: (Element) throws -> Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = GenerateSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class GenerateSink<Element>: Sink<Never, Element> {
    private let parent: Generate<Element>
    // Only the recursive action touches it, one step at a time.
    private var state: Element

    init(parent: Generate<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        state = parent.initialState
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(true) { isFirst, recurse in
            do {
                if !isFirst {
                    self.state = try self.parent.iterate(self.state)
                }
                if try self.parent.condition(self.state) {
                    self.forwardNext(self.state)
                    // See RepeatElement.swift: a disposal during the trampoline loop ends it here.
                    if !self.isDisposed { recurse(false) }
                } else {
                    self.forwardCompleted()
                    self.dispose()
                }
            } catch {
                self.forwardError(error)
                self.dispose()
            }
        }
    }
}
