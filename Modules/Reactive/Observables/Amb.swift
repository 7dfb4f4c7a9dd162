extension ObservableType {
    /// Mirrors whichever of the sequences sends an event first and disposes the others.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { chosen, next in chosen.amb(next) }
    }

    /// Mirrors whichever of this sequence and `right` sends an event first and disposes the other.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(left: asObservable(), right: right.asObservable())
    }
}

private enum AmbSide {
    case neither
    case left
    case right
}

final private class AmbSink<Element>: SerializingSink<Never, Element> {
    // Guarded by `lock`.
    private var choice = AmbSide.neither

    let leftSubscription = SingleAssignmentDisposable()
    let rightSubscription = SingleAssignmentDisposable()

    func run(left: Observable<Element>, right: Observable<Element>) -> Disposable {
        let disposeAll = Disposables.create(leftSubscription, rightSubscription)
        leftSubscription.setDisposable(left.subscribeNode(AmbObserver(parent: self, side: .left)))
        rightSubscription.setDisposable(right.subscribeNode(AmbObserver(parent: self, side: .right)))
        return disposeAll
    }

    /// Whether `side` won, now or earlier: the first side to send an event wins and the other is
    /// disposed. When it returns true, `event` has been sent downstream (and, for a stop, the sink disposed).
    func decide(_ side: AmbSide, _ event: Event<Element>) -> Bool {
        lock.lock()
        if choice == .neither {
            choice = side
            disposeLocked(side == .left ? rightSubscription : leftSubscription)
        }
        guard choice == side else {
            unlockAndDeliver()
            return false
        }
        switch event {
        case .next(let element): sendNextLocked(element)
        case .error(let error): sendErrorLocked(error)
        case .completed: sendCompletedLocked()
        }
        // Only the winner sends from now on, so this thread delivers the event before returning.
        unlockAndDeliver()
        return true
    }
}

final private class AmbObserver<Element>: ObserverNode<Element> {
    private let parent: AmbSink<Element>
    private let side: AmbSide
    // Once this side has won, its events go straight downstream without the lock, as in RxSwift.
    // Only this observer's own events touch it, and the Rx grammar serialises those.
    private var won = false

    init(parent: AmbSink<Element>, side: AmbSide) {
        self.parent = parent
        self.side = side
    }

    override func next(_ element: Element) {
        if won {
            parent.forwardNext(element)
            return
        }
        won = parent.decide(side, .next(element))
    }

    override func error(_ error: Swift.Error) {
        if won {
            parent.forwardError(error)
            parent.dispose()
        } else if !parent.decide(side, .error(error)) {
            ownSubscription.dispose()
        }
    }

    override func completed() {
        if won {
            parent.forwardCompleted()
            parent.dispose()
        } else if !parent.decide(side, .completed) {
            ownSubscription.dispose()
        }
    }

    private var ownSubscription: Disposable {
        side == .left ? parent.leftSubscription : parent.rightSubscription
    }
}

final private class Amb<Element>: Producer<Element> {
    private let left: Observable<Element>
    private let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AmbSink<Element>(observer: observer, cancel: cancel)
        let subscription = sink.run(left: left, right: right)
        return (sink, subscription)
    }
}
