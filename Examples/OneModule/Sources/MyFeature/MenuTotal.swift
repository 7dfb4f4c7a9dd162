import Reactive

/// The total of the prices on the menu, each time it changes.
public func menuTotals(_ prices: Observable<[Int]>) -> Observable<Int> {
    prices.map { $0.reduce(0, +) }.distinctUntilChanged()
}
