import MenuInterface
import Reactive

/// An order service that takes each placed order off a selection kept apart from it (in memory), as
/// `LiveOrderService` does in the order's transaction for the stored selection.
final class OrdersTakenOffSelection: OrderService {
    private let base: any OrderService
    private let selection: any MenuSelectionService

    init(_ base: any OrderService, selection: any MenuSelectionService) {
        self.base = base
        self.selection = selection
    }

    func placeOrder(_ order: Order) -> Single<Receipt> {
        let selection = selection
        return base.placeOrder(order)
            .flatMap { receipt in selection.takeOff(order.lines).map { _ in receipt } }
    }
}
