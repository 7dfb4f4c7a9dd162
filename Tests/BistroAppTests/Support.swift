import BistroApp
import FeatureContract
import FeatureContractTesting
import Foundation
import XCTest

/// An app of `plugins` run in this process, its output captured.
struct InProcessApp {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    let plugins: [FeaturePlugin]
    let description: AppDescription
    var environment: [String: String]

    static let description = AppDescription(name: "tipsy", version: "1.2.3", abstract: "an app of plugins", discussion: "It has tips.")

    init(_ plugins: [FeaturePlugin], home: URL, description: AppDescription = Self.description) {
        self.plugins = plugins
        self.description = description
        environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        ]
    }

    /// Runs one command line on this thread.
    func run(_ arguments: String...) -> Run {
        let capturing = CapturingConsole(toolName: description.name)
        let status = BistroApp.run(
            description, plugins: plugins, arguments: arguments, environment: environment, console: capturing.console)
        return Run(status: status, output: capturing.output, errors: capturing.errors)
    }
}

/// A fresh directory for a test's HOME, removed after it.
func makeHome(for testCase: XCTestCase) throws -> URL {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("BistroAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: home) }
    return home
}
