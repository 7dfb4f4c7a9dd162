import Architecture
import Dependencies
import Dispatch
import Reactive

/// What happened inside a TestStore's store, kept for the test to assert on: the state around each
/// sent action, the actions effects sent back (in order, until received), and the running effects.
///
/// Written by whichever thread processes the store's actions, read by the test; every change bumps
/// `version` and wakes the test if it waits.
final class TestRecorder<State: Sendable, Action: Sendable>: Sendable {
    struct Sent {
        let before: State
        let after: State
    }

    struct Received {
        let id: Int
        let action: Action
        let state: State
    }

    struct RunningEffect {
        let origin: EffectOrigin
        let action: Action
    }

    private struct Contents {
        var version = 0
        var sent: [Int: Sent] = [:]
        var received: [Received] = []
        var nextReceivedID = 0
        var running: [Int: RunningEffect] = [:]
        var nextToken = 0
        var locations: [EffectOrigin: IssueLocation] = [:]
        var originActions: [EffectOrigin: Action] = [:]
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var blockingWaiters: [DispatchSemaphore] = []
        var nextWaiter = 0
    }

    private let contents = Locked(Contents())

    // MARK: Written by the store

    func recordSent(step: Int, action: Action, before: State, after: State) -> EffectOrigin {
        changing { contents in
            contents.sent[step] = Sent(before: before, after: after)
            contents.originActions[.step(step)] = action
        }
        return .step(step)
    }

    func recordReceived(_ action: Action, state: State) -> EffectOrigin {
        changing { contents in
            let id = contents.nextReceivedID
            contents.nextReceivedID += 1
            contents.received.append(Received(id: id, action: action, state: state))
            contents.originActions[.received(id)] = action
            return EffectOrigin.received(id)
        }
    }

    func effectStarted(_ origin: EffectOrigin) -> Int {
        changing { contents in
            let token = contents.nextToken
            contents.nextToken += 1
            // Recorded just before, by the same reducer call.
            contents.running[token] = RunningEffect(origin: origin, action: contents.originActions[origin]!)
            return token
        }
    }

    func effectFinished(_ token: Int) {
        changing { _ = $0.running.removeValue(forKey: token) }
    }

    // MARK: Read by the test

    var version: Int { contents.withLock { $0.version } }

    func setLocation(_ location: IssueLocation, for origin: EffectOrigin) {
        contents.withLock { $0.locations[origin] = location }
    }

    func location(of origin: EffectOrigin) -> IssueLocation? {
        contents.withLock { $0.locations[origin] }
    }

    func sent(step: Int) -> Sent? {
        contents.withLock { $0.sent.removeValue(forKey: step) }
    }

    var hasReceived: Bool { contents.withLock { !$0.received.isEmpty } }

    func receivedActions() -> [Received] {
        contents.withLock { $0.received }
    }

    func popReceived() -> Received? {
        contents.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
    }

    func takeAllReceived() -> [Received] {
        contents.withLock { contents in
            defer { contents.received = [] }
            return contents.received
        }
    }

    var runningEffects: [RunningEffect] {
        contents.withLock { contents in
            contents.running.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    /// Waits until `version` differs from `seen`; returns at once if it already does, and when the
    /// waiting task is cancelled.
    func change(after seen: Int) async {
        let waiter = contents.withLock { contents -> Int in
            let key = contents.nextWaiter
            contents.nextWaiter += 1
            return key
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = contents.withLock { contents -> Bool in
                    if contents.version != seen || Task.isCancelled { return true }
                    contents.waiters[waiter] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            contents.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume()
        }
    }

    /// Blocks the calling thread until `version` differs from `seen`, or `timeout` passes; for
    /// `deinit`, which cannot await.
    func blockingChange(after seen: Int, timeout: Duration) {
        let semaphore = DispatchSemaphore(value: 0)
        let changed = contents.withLock { contents -> Bool in
            if contents.version != seen { return true }
            contents.blockingWaiters.append(semaphore)
            return false
        }
        if changed { return }
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        _ = semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds))
        contents.withLock { $0.blockingWaiters.removeAll { $0 === semaphore } }
    }

    private func changing<Result: Sendable>(_ body: (inout Contents) -> Result) -> Result {
        let (result, waiters, blockingWaiters) = contents.withLock { contents in
            let result = body(&contents)
            contents.version += 1
            defer {
                contents.waiters = [:]
                contents.blockingWaiters = []
            }
            return (result, Array(contents.waiters.values), contents.blockingWaiters)
        }
        for waiter in waiters { waiter.resume() }
        for waiter in blockingWaiters { waiter.signal() }
        return result
    }
}
