import Foundation
import Menu
import MenuInterface
import PersistenceInterface
import Reactive

/// `bistro menu list|set ITEM COUNT|clear|order [--json]` and `bistro orders [--json]`.
enum MenuCommand {
    /// Stores the catalog from remote config through the Menu service (which writes only a valid
    /// catalog that changed), then returns the stored menu with the stored selection, through the
    /// Menu feature's API (this app reads none of its tables). The run's fetch is done here unless
    /// `outcome` gives it.
    static func refreshedMenus(_ composition: Composition, outcome: RemoteConfigSync.Outcome? = nil) throws -> [Menu] {
        let outcome = outcome ?? RemoteConfigSync.run(composition, explicit: false)
        let service = LiveMenuService(
            remoteConfig: FetchedOnceRemoteConfig(base: composition.remoteConfig, outcome: outcome),
            database: composition.database)
        let failures = Locked<[any Error]>([])
        // The refresh answers at once (the fetch is done) and queues its write on the writer queue;
        // an empty write behind it is the barrier after which the write, or its failure, happened.
        let subscription = service.fetchMenu().subscribe(onNext: { event in
            if case .error(let error) = event { failures.withLock { $0.append(error) } }
        })
        defer { subscription.dispose() }
        try composition.finishQueuedWrites(failure: "could not store the menu")
        if let failure = failures.withLock({ $0.first }) {
            throw RuntimeFailure("could not refresh the menu", failure)
        }
        return try read { try value(selection(composition).selectedMenus()) }
    }

    static func list(_ parsed: ParsedCommand, _ composition: Composition) throws {
        try show(try refreshedMenus(composition), parsed)
    }

    static func set(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let (item, countText) = (parsed.arguments[0], parsed.arguments[1])
        guard let count = Int(countText), count >= 0 else {
            throw UsageError(message: "COUNT must be a whole number of 0 or more, not '\(countText)'", command: "bistro menu set")
        }
        let menus = try refreshedMenus(composition)
        // An item is named by its id or its exact name.
        guard let menu = menus.first(where: { String($0.id) == item || $0.name == item }) else {
            throw RuntimeFailure("no item '\(item)' on the menu (see 'bistro menu list')")
        }
        // The feature refuses a total that would not fit, and an item the catalog lost meanwhile.
        let stored: MenuSelection
        do {
            stored = try value(selection(composition).setCount(count, of: menu.id))
        } catch {
            throw RuntimeFailure("could not set the count", error)
        }
        try show(stored.applied(to: menus), parsed)
    }

    static func clear(_ parsed: ParsedCommand, _ composition: Composition) throws {
        _ = try read { try value(selection(composition).clearSelection()) }
        try show(try refreshedMenus(composition), parsed)
    }

    /// Orders the selection through the Menu feature's order service, which takes it off the stored
    /// selection in the transaction that stores the order (ten of these at once place one order).
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
        let receipt: Receipt
        do {
            receipt = try value(LiveOrderService(database: composition.database).placeOrder(order))
        } catch {
            throw RuntimeFailure("could not order", error)
        }
        emit(parsed.has("json") ? try MenuOutput.json([receipt]) : MenuOutput.text(receipt, style: .standardOutput))
    }

    static func orders(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let orders = try read { try value(LiveOrderService(database: composition.database).placedOrders()) }
        if parsed.has("json") {
            emit(try MenuOutput.json(orders))
        } else {
            emit(orders.isEmpty ? "no orders yet" : orders.map { MenuOutput.text($0, style: .standardOutput) }.joined(separator: "\n"))
        }
    }

    /// The selection as the Menu feature stores it, in the run's database.
    private static func selection(_ composition: Composition) -> any MenuSelectionService {
        LiveMenuSelectionService(database: composition.database)
    }

    /// Waits for `single` (the services answer on their own queues, never the main one).
    private static func value<Element: Sendable>(_ single: Single<Element>) throws -> Element {
        guard let element = try waitForCompletion(single.asObservable()).first else { throw RuntimeFailure("no answer") }
        return element
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
