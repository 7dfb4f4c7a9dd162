import Dispatch
import Foundation

/// Scheduling on a dispatch queue, shared by the dispatch-based schedulers.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        // Handed to the queue: the caller keeps nothing of it (dispatch's enqueue/dequeue orders it).
        let work = Handoff((state, action))
        queue.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let deadline = DispatchTime.now() + dueTime
        let compositeDisposable = CompositeDisposable()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: deadline, leeway: leeway)
        // Handed to the timer's queue, which alone runs the handler.
        let work = Handoff((state, action))
        let timerReference = Handoff(timer)
        timer.setEventHandler {
            if compositeDisposable.isDisposed { return }
            _ = compositeDisposable.insert(work.value.1(work.value.0))
            timerReference.value.cancel()
        }
        timer.resume()
        _ = compositeDisposable.insert(Disposables.create { timer.cancel() })
        return compositeDisposable
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let initial = DispatchTime.now() + startAfter
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: initial, repeating: period, leeway: leeway)
        // The state lives on the timer's queue: a source never runs its handler concurrently.
        let box = PeriodicState(state: state, action: action)
        let handoff = Handoff(box)
        let cancel = BooleanDisposable()
        timer.setEventHandler {
            if cancel.isDisposed { return }
            handoff.value.tick()
        }
        timer.resume()
        return Disposables.create {
            cancel.dispose()
            timer.cancel()
        }
    }
}

/// The state of a periodic action, advanced by each tick.
final class PeriodicState<State> {
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func tick() { state = action(state) }
}
