import Dependencies

/// What tools such as the TestStore need to see of a root store. Scoped stores answer for nothing.
extension Store {
    /// The dependencies the store runs its reducer and starts its effects with.
    package var dependencyValues: DependencyValues {
        get { core?.dependencyValues ?? DependencyValues.current }
        set { core?.dependencyValues = newValue }
    }

    /// The number of effects started by reducers that have not completed or been cancelled.
    package var runningEffectCount: Int {
        core?.effects.runningCount ?? 0
    }

    /// Whether actions are queued or being processed.
    package var isProcessing: Bool {
        core?.isProcessing ?? false
    }

    /// Waits until no effect is running.
    package func effectsIdle() async {
        await core?.effects.idle()
    }

    /// Cancels every running effect; effects started later run normally.
    package func cancelRunningEffects() {
        core?.effects.all.cancelRunning()
    }
}
