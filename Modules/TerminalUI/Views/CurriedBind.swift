import Reactive

extension ObservableType {
    /// RxCocoa's curried bind, which makes `items.bind(to: list.rx.items) { index, item in … }`
    /// read as it does with a table view: the trailing closure is the binder's second argument.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }
}
