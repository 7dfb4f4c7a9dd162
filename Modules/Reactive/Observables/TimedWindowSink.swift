/// What `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)` share: values
/// go into numbered windows, and a window ends when it is full or when its own timer fires,
/// whichever comes first; the next window then starts with a timer of its own.
///
/// A window's timer is scheduled with no lock held (the scheduler may run user code) and installed
/// under `lock` only while its window is still current, so that a timer set up late for an older
/// window never replaces a newer one's.
class TimedWindowSink<Input, Output>: SerializingSink<Input, Output> {
    private let timeSpan: RxTimeInterval
    private let scheduler: SchedulerType
    private var windowID = 0  // guarded by `lock`
    /// The current window's timer; nil once disposed.
    private var timer: Disposable? = Disposables.create()  // guarded by `lock`

    init(timeSpan: RxTimeInterval, scheduler: SchedulerType, observer: ObserverNode<Output>, cancel: Cancelable) {
        self.timeSpan = timeSpan
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    /// Sends what ends the current window and opens the next one's. Called under `lock`; subclasses override it.
    func closeWindowLocked() {}

    /// Ends the current window and starts the next; returns its number, for `startTimer` once
    /// unlocked. Call under `lock`.
    final func nextWindowLocked() -> Int {
        closeWindowLocked()
        windowID = windowID &+ 1
        return windowID
    }

    /// The number of the window open now. Call under `lock`.
    final var currentWindowLocked: Int { windowID }

    /// Starts the timer of window `windowID`, unless a newer window began meanwhile. Call with no lock held.
    final func startTimer(_ windowID: Int) {
        let scheduled = scheduler.scheduleRelative(windowID, dueTime: timeSpan) { firedWindowID in
            self.lock.lock()
            let next = firedWindowID == self.windowID && !self.isStoppedLocked ? self.nextWindowLocked() : nil
            self.unlockAndDeliver()
            if let next { self.startTimer(next) }
            return Disposables.create()
        }
        lock.lock()
        var replaced: Disposable? = scheduled
        if let current = timer, self.windowID == windowID {
            replaced = current
            timer = scheduled
        }
        lock.unlock()
        replaced?.dispose()
    }

    /// Cancels the current window's timer; no later one is installed. Call with no lock held.
    final func disposeTimer() {
        let current: Disposable? = lock.performLocked {
            defer { timer = nil }
            return timer
        }
        current?.dispose()
    }
}
