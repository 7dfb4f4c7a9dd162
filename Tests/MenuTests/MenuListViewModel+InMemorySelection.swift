import Menu
import MenuInterface
import Reactive

extension MenuListViewModel {
    /// A view model keeping its selection in memory (`selectionService`, empty by default), with
    /// each placed order taken off it, as the stored selection is by `LiveOrderService`.
    convenience init(
        menuService: any MenuService, orderService: any OrderService, inMemory selectionService: InMemoryMenuSelectionService = .init(),
        scheduler: any ImmediateSchedulerType = MainScheduler.instance
    ) {
        self.init(
            menuService: menuService, orderService: OrdersTakenOffSelection(orderService, selection: selectionService),
            selectionService: selectionService, scheduler: scheduler)
    }
}
