extension Effect {
    /// This effect, cancellable with `.cancel(id:)`; with `cancelInFlight`, starting it first cancels
    /// the effects already running under `id` (a search that restarts on every keystroke).
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        if isNone && !cancelInFlight { return self }
        return Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// An effect that cancels every running effect marked `cancellable(id:)` with `id`.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(id: EffectID(id)))
    }

    /// An effect that cancels every running effect marked with any of `ids`.
    public static func cancel(ids: some Sequence<some Hashable & Sendable>) -> Effect {
        .merge(ids.map { Effect.cancel(id: $0) })
    }
}
