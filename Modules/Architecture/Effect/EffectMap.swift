extension Effect {
    /// This effect with each action it sends transformed; how a parent runs its children's effects.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        switch operation {
        case .none:
            return .none
        case .send(let action):
            return .send(transform(action))
        case .run(let priority, let operation):
            return Effect<Parent>(
                .run(priority: priority) { send in
                    await operation(Send { action in send.send(transform(action)) })
                })
        case .observable(let make, let onError, let location):
            var mappedOnError: (@Sendable (any Error) -> Parent?)?
            if let onError {
                mappedOnError = { error in onError(error).map(transform) }
            }
            return Effect<Parent>(.observable(make: { make().map(transform) }, onError: mappedOnError, location: location))
        case .merge(let effects):
            return Effect<Parent>(.merge(effects.map { $0.map(transform) }))
        case .concatenate(let effects):
            return Effect<Parent>(.concatenate(effects.map { $0.map(transform) }))
        case .cancellable(let id, let cancelInFlight, let effect):
            return Effect<Parent>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case .cancel(let id):
            return Effect<Parent>(.cancel(id: id))
        case .onComplete(let effect, let completion):
            return Effect<Parent>(.onComplete(effect.map(transform), completion))
        }
    }

    /// This effect, calling `completion` once it has completed or was cancelled; a hook for tools
    /// such as the TestStore that track running effects.
    package func onComplete(_ completion: @escaping @Sendable () -> Void) -> Effect {
        Effect(.onComplete(self, completion))
    }
}
