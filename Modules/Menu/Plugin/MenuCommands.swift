import ArgumentParsing
import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive
import TerminalUI

/// `bistro menu`: the menu screen on a terminal; otherwise, and with a subcommand, the scriptable
/// list, set, clear and order.
struct MenuCommand: FullScreenCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu", abstract: "the menu screen on a terminal; list, set, clear and order for scripts",
        subcommands: [MenuListCommand.self, MenuSetCommand.self, MenuClearCommand.self, MenuOrderCommand.self],
        runsWithoutSubcommand: true)

    func showsFullScreen(with services: FeatureServices) -> Bool { services.console.isInteractive }

    // The screen starts from the selection `bistro menu set` stored and stores every change.
    @MainActor
    func makeScreen(with services: FeatureServices) throws -> ViewController {
        MenuFeature.makeViewController(database: try services.database(), tables: try services.remoteConfigTables())
    }

    /// Not on a terminal: the list.
    func run(with services: FeatureServices) async throws {
        try MenuSync.show(try await MenuSync.menus(services), json: false, on: services.console)
    }
}

/// `bistro menu list [--json]`.
struct MenuListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "refresh and print the menu with the selection")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        try MenuSync.show(try await MenuSync.menus(services), json: json, on: services.console)
    }
}

/// `bistro menu set ITEM COUNT [--json]`.
struct MenuSetCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "select COUNT of ITEM (0 removes it)")

    @Argument(help: "the item's id or name", completion: .custom(MenuSetCommand.storedItemNames)) var item: String
    @Argument(help: "how many, 0 or more", transform: MenuSetCommand.count) var count: Int
    @Flag(help: "print JSON") var json = false

    /// The names of the items the database holds, for a shell's completion; none when it cannot be read.
    @Sendable static func storedItemNames(_ request: CompletionRequest) -> [String] {
        guard let services = request.context as? FeatureServices else { return [] }
        return (try? services.database().read { try MenuItemRecord.menus(in: $0).map(\.name) }) ?? []
    }

    static func count(_ text: String) throws -> Int {
        guard let count = Int(text), count >= 0 else {
            throw ValidationError("COUNT must be a whole number of 0 or more, not '\(text)'")
        }
        return count
    }

    func run(with services: FeatureServices) async throws {
        let menus = try await MenuSync.menus(services)
        // An item is named by its id or its exact name.
        guard let menu = menus.first(where: { String($0.id) == item || $0.name == item }) else {
            throw CommandFailure("no item '\(item)' on the menu (see 'bistro menu list')")
        }
        // The feature refuses a total that would not fit, and an item the catalog lost meanwhile.
        let stored = try await CommandFailure.during("could not set the count") {
            try await LiveMenuSelectionService(database: try services.database()).setCount(count, of: menu.id).value
        }
        try MenuSync.show(stored.applied(to: menus), json: json, on: services.console)
    }
}

/// `bistro menu clear [--json]`.
struct MenuClearCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "clear the selection")

    @Flag(help: "print JSON") var json = false

    // The refresh comes first, as for `set` and `order`: a refresh that fails then fails the
    // command before the selection changed, and once it is cleared only the printing is left.
    func run(with services: FeatureServices) async throws {
        let menus = try await MenuSync.menus(services)
        let cleared = try await CommandFailure.during("could not clear the selection") {
            try await LiveMenuSelectionService(database: try services.database()).clearSelection().value
        }
        try MenuSync.show(cleared.applied(to: menus), json: json, on: services.console)
    }
}

/// `bistro menu order [--json]`: orders the stored selection. The order service takes it off the
/// selection in the transaction that stores the order, so ten of these at once place one order.
struct MenuOrderCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "order", abstract: "order the selection")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let menus = try await MenuSync.menus(services)
        let order: Order
        do {
            order = try Order(menus: menus)
        } catch .noOrders {
            throw CommandFailure("could not order: nothing is selected (see 'bistro menu set')")
        } catch {
            throw CommandFailure("could not order", error)
        }
        let receipt = try await CommandFailure.during("could not order") {
            try await LiveOrderService(database: try services.database(), now: services.now).placeOrder(order).value
        }
        let console = services.console
        console.emit(json ? try MenuOutput.json([receipt]) : MenuOutput.text(receipt, style: console.style))
    }
}

/// `bistro orders [--json]`: the order history.
struct OrdersCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "orders", abstract: "the order history")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let orders = try await CommandFailure.during("database") {
            try await LiveOrderService(database: try services.database()).placedOrders().value
        }
        let console = services.console
        if json {
            console.emit(try MenuOutput.json(orders))
        } else {
            console.emit(
                orders.isEmpty ? "no orders yet" : orders.map { MenuOutput.text($0, style: console.style) }.joined(separator: "\n"))
        }
    }
}
