import Foundation
import Synchronization

/// Global hooks: what happens to an error nobody handles, and how subscription call stacks are
/// captured for it.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without an `onError`.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Error) -> Void
    /// Captures the call stack of a subscription, for the default error handler.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private struct State {
        var defaultErrorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
            #if DEBUG
                let stack =
                    subscriptionCallStack.isEmpty ? "" : "\n subscription called from:\n\(subscriptionCallStack.joined(separator: "\n"))"
                FileHandle.standardError.write(Data("Unhandled error happened: \(error)\(stack)\n".utf8))
            #endif
        }
        var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
            #if DEBUG
                return Thread.callStackSymbols
            #else
                return []
            #endif
        }
    }

    // Reactive's `Lock`, not `Synchronization.Mutex`: TSan cannot see Mutex's waits in the kernel.
    private static let lock = Lock()
    nonisolated(unsafe) private static var state = State()  // only touched under `lock`
    // Read by every `subscribe`: an atomic load, where the lock cost a lock and an unlock.
    private static let recordsCallStacks = Atomic<Bool>(false)

    /// Called with every unhandled error; by default prints it in debug builds.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.performLocked { state.defaultErrorHandler } }
        set { lock.performLocked { state.defaultErrorHandler = newValue } }
    }

    /// Captures a subscription's call stack when `recordCallStackOnError` is on.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { lock.performLocked { state.customCaptureSubscriptionCallstack } }
        set { lock.performLocked { state.customCaptureSubscriptionCallstack = newValue } }
    }

    /// Whether each `subscribe` captures its call stack for the default error handler (slow; off by default).
    public static var recordCallStackOnError: Bool {
        get { recordsCallStacks.load(ordering: .acquiring) }
        set { recordsCallStacks.store(newValue, ordering: .releasing) }
    }
}
