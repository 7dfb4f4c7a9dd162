// The code of FeatureContract's getting-started article (Modules/FeatureContract/FeatureContract.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import ArgumentParsing
import BistroApp
import FeatureContract
import FeatureContractTesting
import XCTest

struct GreetCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "greet", abstract: "say hello")

    @Argument(help: "who to greet") var name: String
    @Option(help: "how many times", environment: "HELLO_TIMES") var times = 1

    func validate() throws {
        guard times > 0 else { throw ValidationError("--times must be at least 1") }
    }

    func run(with services: FeatureServices) async throws {
        for _ in 0..<times { services.console.emit("안녕하세요, \(name)") }
    }
}

enum GreetingFeature {
    static let plugin = FeaturePlugin(name: "greeting", commands: [GreetCommand.self])
}

enum HelloApp {
    static let description = AppDescription(name: "hello-app", version: "1.0.0", abstract: "Greets people.")
    static let plugins = [GreetingFeature.plugin]
}

func greetsTwice() -> Bool {
    let capturing = CapturingConsole(toolName: "hello-app")
    let status = BistroApp.run(
        HelloApp.description, plugins: HelloApp.plugins, arguments: ["--fake", "greet", "민지", "--times", "2"],
        environment: [:], console: capturing.console)
    return status == 0 && capturing.output == "안녕하세요, 민지\n안녕하세요, 민지\n"
}

func refusesNoGreeting() -> Bool {
    let capturing = CapturingConsole(toolName: "hello-app")
    let status = BistroApp.run(
        HelloApp.description, plugins: HelloApp.plugins, arguments: ["--fake", "greet", "민지"], environment: ["HELLO_TIMES": "0"],
        console: capturing.console)
    return status == 2 && capturing.errors.contains("--times must be at least 1")
}

final class FeatureContractGettingStartedTests: XCTestCase {
    func testTheAppGreetsAndRefusesNoGreeting() {
        XCTAssertTrue(greetsTwice())
        XCTAssertTrue(refusesNoGreeting())
    }
}
