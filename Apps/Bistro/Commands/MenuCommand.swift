import Foundation
import Menu
import MenuInterface
import PersistenceInterface
import Reactive
import Synchronization

/// `bistro menu list|set ITEM COUNT|clear|order [--json]` and `bistro orders [--json]`.
enum MenuCommand {
    /// Stores the catalog from remote config through the Menu service (which writes only a valid
    /// catalog that changed), then returns the stored menu with the persisted selection. The run's
    /// fetch is done here unless `outcome` gives it.
    static func refreshedMenus(_ composition: Composition, outcome: RemoteConfigSync.Outcome? = nil) throws -> [Menu] {
        let outcome = outcome ?? RemoteConfigSync.run(composition, explicit: false)
        let service = LiveMenuService(
            remoteConfig: FetchedOnceRemoteConfig(base: composition.remoteConfig, outcome: outcome),
            database: composition.database)
        let failures = Mutex<[any Error]>([])
        // The refresh answers at once (the fetch is done) and queues its write on the writer queue;
        // an empty write behind it is the barrier after which the write, or its failure, happened.
        let subscription = service.fetchMenu().subscribe(onNext: { event in
            if case .error(let error) = event { failures.withLock { $0.append(error) } }
        })
        defer { subscription.dispose() }
        do {
            try composition.database.write { _ in }
        } catch {
            throw RuntimeFailure("could not store the menu", error)
        }
        if let failure = failures.withLock({ $0.first }) {
            throw RuntimeFailure("could not refresh the menu", failure)
        }
        return try read { try StoredMenu.menus(in: composition.database) }
    }

    static func list(_ parsed: ParsedCommand, _ composition: Composition) throws {
        try show(try refreshedMenus(composition), parsed)
    }

    static func set(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let (item, countText) = (parsed.arguments[0], parsed.arguments[1])
        guard let count = Int(countText), count >= 0 else {
            throw UsageError(message: "COUNT must be a whole number of 0 or more, not '\(countText)'", command: "bistro menu set")
        }
        var menus = try refreshedMenus(composition)
        // An item is named by its id or its exact name.
        guard let index = menus.firstIndex(where: { String($0.id) == item || $0.name == item }) else {
            throw RuntimeFailure("no item '\(item)' on the menu (see 'bistro menu list')")
        }
        menus[index].count = count
        do {
            _ = try MenuTotals(menus)
        } catch {
            throw RuntimeFailure("could not set the count", error)
        }
        try read { try StoredMenu.setCount(count, of: menus[index].id, in: composition.database) }
        try show(menus, parsed)
    }

    static func clear(_ parsed: ParsedCommand, _ composition: Composition) throws {
        try read { try StoredMenu.removeFromSelection(nil, in: composition.database) }
        try show(try refreshedMenus(composition), parsed)
    }

    /// Orders the selection through the Menu feature's order service, then takes it off the selection.
    static func order(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let menus = try refreshedMenus(composition)
        let order: Order
        do {
            order = try Order(menus: menus)
        } catch .noOrders {
            throw RuntimeFailure("could not order: nothing is selected (see 'bistro menu set')")
        } catch {
            throw RuntimeFailure("could not order", error)
        }
        let receipts: [Receipt]
        do {
            receipts = try waitForCompletion(LiveOrderService(database: composition.database).placeOrder(order).asObservable())
        } catch {
            throw RuntimeFailure("could not order", error)
        }
        guard let receipt = receipts.first else { throw RuntimeFailure("could not order: no receipt") }
        try read { try StoredMenu.removeFromSelection(order.lines, in: composition.database) }
        let placed = try read { try StoredMenu.orders(in: composition.database) }.first { $0.id == receipt.orderID }
        guard let placed else { throw RuntimeFailure("order \(receipt.orderID) was stored but cannot be read") }
        emit(parsed.has("json") ? try MenuOutput.json([placed]) : MenuOutput.text(placed, style: .standardOutput))
    }

    static func orders(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let orders = try read { try StoredMenu.orders(in: composition.database) }
        if parsed.has("json") {
            emit(try MenuOutput.json(orders))
        } else {
            emit(orders.isEmpty ? "no orders yet" : orders.map { MenuOutput.text($0, style: .standardOutput) }.joined(separator: "\n"))
        }
    }

    private static func show(_ menus: [Menu], _ parsed: ParsedCommand) throws {
        emit(parsed.has("json") ? try MenuOutput.json(menus) : MenuOutput.text(menus, style: .standardOutput))
    }

    /// Runs a database step; its failure is a runtime failure (exit 1).
    private static func read<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure("database", error)
        }
    }
}
