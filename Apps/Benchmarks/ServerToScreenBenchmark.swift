import Contacts
import FeatureContract
import Foundation
import Networking
import Persistence
import Reactive
import RemoteConfig
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// From the server's fetch answer to the frame that shows it: the live app's way for a template
/// published while the Contacts screen is open. `Scripts/remote-config-server.py` on 127.0.0.1
/// publishes a template whose first contact has a new phone number; its real-time stream announces
/// it; the real `LiveRemoteConfig` fetches it (the clock starts when the server has written the
/// answer's last byte); `RemoteConfigTables` activates it and stores it in a real database file;
/// the database's observation brings it to the real Contacts screen, drawn on a headless terminal;
/// the clock stops when a frame showing the new number is presented. Both clocks are the
/// machine's CLOCK_MONOTONIC (the server reports Python's `time.monotonic()`).
@MainActor
enum ServerToScreenBenchmark {
    /// Whether to print the client's log and each publish's times (BISTRO_BENCH_LOG set).
    private nonisolated static let traces = ProcessInfo.processInfo.environment["BISTRO_BENCH_LOG"] != nil

    /// The first contact's phone number in the server's start-up template.
    private nonisolated static let startingPhone = "+82 2-1234-5678"

    /// Times `publishes` publishes while the main thread runs the main queue (the screen draws
    /// there), then prints their summary and ends the program.
    static func run(publishes: Int) -> Never {
        do {
            try start(publishes: publishes) { outcome in
                switch outcome {
                case .success(let times):
                    print(summary(times))
                    exit(0)
                case .failure(let failure):
                    print("server-to-screen: \(failure)")
                    exit(1)
                }
            }
        } catch {
            print("server-to-screen: \(error)")
            exit(1)
        }
        // The main thread draws: it runs the main queue (dispatchMain() would hand that queue to
        // another thread, where main-thread checks fail).
        while true { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.25)) }
    }

    /// Sets the app up and starts publishing from another thread; `finish` gets the times, in
    /// milliseconds in the order of the publishes, on the main queue once the server and the files are gone.
    private static func start(publishes: Int, finish: @escaping @MainActor (Result<[Double], BenchmarkFailure>) -> Void) throws {
        let server = try PythonServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bistro-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // BISTRO_BENCH_LOG=1 prints the client's log and each publish's times, on CLOCK_MONOTONIC.
        let log: (@Sendable (String) -> Void)? =
            traces ? { @Sendable line in print(String(format: "%.6f", monotonicSeconds()), line) } : nil
        let remoteConfig = try LiveRemoteConfig(
            configuration: .init(
                options: .development, servers: .single(server.baseURL),
                storageURL: directory.appendingPathComponent("remote-config.json"),
                // No spread before a published version is fetched: the time measured starts after it anyway.
                random: { 0 }, log: log, activatesRealtimeUpdates: true))
        remoteConfig.setDefaults(ContactsFeature.plugin.remoteConfigDefaults)
        let database = try SQLiteDatabase(
            .file(path: directory.appendingPathComponent("bistro.sqlite").path), migrations: ContactsFeature.plugin.migrations)
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: ContactsFeature.plugin.configTables)
        let controller = ContactsFeature.makeViewController(database: database, tables: tables)
        let terminal = FrameWatch(width: 100, height: 30)
        let screen = Screen(terminal: terminal)
        screen.rootViewController = controller

        let shown = FrameTimes()
        shown.expect(startingPhone)
        terminal.onPresent = { shown.presented(phone: controller.phone.text) }
        Thread.detachNewThread {
            let outcome = Result { () throws(BenchmarkFailure) in try drive(server, shown, publishes: publishes) }
            server.stop()
            try? FileManager.default.removeItem(at: directory)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    withExtendedLifetime((screen, terminal)) { finish(outcome) }
                }
            }
        }
    }

    /// Publishes one template after another, each once the screen showed the one before, and
    /// gives each one's time from answer to frame. Runs off the main thread, which draws.
    private nonisolated static func drive(_ server: PythonServer, _ shown: FrameTimes, publishes: Int) throws(BenchmarkFailure) -> [Double]
    {
        // The first sync and the stream: the screen shows the server's start-up contacts, and listens.
        guard shown.wait(for: startingPhone) != nil else {
            throw BenchmarkFailure("the screen never showed the server's first contacts (it shows \(shown.lastPhone ?? "none"))")
        }
        try server.waitForOpenStream()
        var times: [Double] = []
        for index in 0..<publishes {
            let phone = "+82 10-0000-\(String(index).leftPadded(to: 4, with: "0"))"
            let contacts = #"[{"address": "서울특별시 종로구 세종대로 175", "order": 0, "phone": "\#(phone)"}]"#
            shown.expect(phone)
            try server.post("publish", #"{"entries": {"seller_contacts": \#(jsonString(contacts))}}"#)
            guard let frameTime = shown.wait(for: phone) else { throw BenchmarkFailure("publish \(index) never reached the screen") }
            let answered = try server.lastAnswerTime()
            times.append((frameTime - answered) * 1000)
            if traces { print(String(format: "%.6f answered, %.6f frame", answered, frameTime)) }
        }
        return times
    }

    /// The median and the 99th percentile (nearest rank) of `times`, with the extremes.
    static func summary(_ times: [Double]) -> String {
        let sorted = times.sorted()
        func percentile(_ p: Double) -> String {
            let rank = max(1, Int((p * Double(sorted.count)).rounded(.up)))
            return formatted(sorted[rank - 1])
        }
        return "server-to-screen: \(sorted.count) publishes, fetch answer to frame: p50 \(percentile(0.5)) ms, "
            + "p99 \(percentile(0.99)) ms (fastest \(formatted(sorted.first ?? 0)), slowest \(formatted(sorted.last ?? 0)))"
    }

    private nonisolated static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}

/// Why the benchmark could not run to its end.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The machine's CLOCK_MONOTONIC in seconds, the clock Python's `time.monotonic()` reads.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A headless terminal that tells the benchmark of every frame presented.
@MainActor
private final class FrameWatch: Terminal {
    let size: Size
    var onPresent: (() -> Void)?
    private var screen: Screen?

    init(width: Int, height: Int) {
        size = Size(width: width, height: height)
    }

    var keys: Observable<Key> { .never() }
    var resizes: Observable<Size> { .never() }
    func present(_ frame: CellBuffer) { onPresent?() }
    func attach(_ screen: Screen) { self.screen = screen }
    func stop() {}
}

/// When a frame first showed the phone number waited for, handed from the main thread to the driver.
private final class FrameTimes: Sendable {
    private let state = Locked<(expected: String?, shownAt: Double?, last: String?)>((nil, nil, nil))
    private let signal = DispatchSemaphore(value: 0)

    /// From now on, a frame showing `phone` is the one timed.
    func expect(_ phone: String) {
        state.withLock { $0 = (phone, nil, $0.last) }
    }

    /// The phone number of the latest frame.
    var lastPhone: String? { state.withLock { $0.last } }

    /// A frame was presented, showing `phone` as the first contact's.
    func presented(phone: String?) {
        let now = monotonicSeconds()
        let matched = state.withLock { state -> Bool in
            state.last = phone
            guard state.shownAt == nil, let expected = state.expected, phone == expected else { return false }
            state.shownAt = now
            return true
        }
        if matched { signal.signal() }
    }

    /// The time the frame showing `phone` was presented, waiting up to 10 seconds for it.
    func wait(for phone: String) -> Double? {
        state.withLock { state in
            if state.expected != phone { state = (phone, nil, state.last) }
        }
        while true {
            if let shownAt = state.withLock({ $0.shownAt }) { return shownAt }
            guard signal.wait(timeout: .now() + 10) == .success else { return nil }
        }
    }
}

/// `Scripts/remote-config-server.py` on 127.0.0.1, started for the benchmark and driven through its
/// `/__control/` endpoints.
private final class PythonServer: Sendable {
    let baseURL: URL
    /// The server this program started; nil for one given by BISTRO_BENCH_SERVER.
    private let process: Process?
    private let client = HTTPClient()

    /// The server at BISTRO_BENCH_SERVER's URL, reset to its start-up template (an instruction count
    /// runs under valgrind, which cannot start a process), else a new one.
    init() throws {
        if let given = ProcessInfo.processInfo.environment["BISTRO_BENCH_SERVER"] {
            guard let url = URL(string: given) else { throw BenchmarkFailure("BISTRO_BENCH_SERVER is not a URL: \(given)") }
            baseURL = url
            process = nil
            try post("reset", "{}")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Scripts/remote-config-server.py", "--host", "127.0.0.1", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line ends with the address, once the server listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkFailure("the server exited before it listened (run from the repository)") }
            line.append(chunk)
        }
        let firstLine = String(decoding: line, as: UTF8.self).prefix { $0 != "\n" }
        guard let address = firstLine.split(separator: " ").last, let url = URL(string: String(address)) else {
            throw BenchmarkFailure("the server's first line names no address")
        }
        self.process = process
        baseURL = url
    }

    func stop() {
        process?.terminate()
        process?.waitUntilExit()
    }

    func post(_ action: String, _ body: String) throws(BenchmarkFailure) {
        let request = HTTPRequest(
            method: "POST", url: baseURL.appendingPathComponent("__control/\(action)"), headers: ["Content-Type": "application/json"],
            body: Data(body.utf8))
        _ = try exchange(request)
    }

    /// The body of a GET of `path` (which may hold a query).
    func get(_ path: String) throws(BenchmarkFailure) -> Data {
        guard let url = URL(string: baseURL.absoluteString + "/" + path) else { throw BenchmarkFailure("not a path: \(path)") }
        return try exchange(HTTPRequest(url: url)).body
    }

    /// Waits until the client's real-time stream is open (10 seconds at most).
    func waitForOpenStream() throws(BenchmarkFailure) {
        struct Streams: Decodable { let open: Int }
        let deadline = monotonicSeconds() + 10
        while monotonicSeconds() < deadline {
            if let streams = try? JSONDecoder().decode(Streams.self, from: get("__control/streams")), streams.open > 0 { return }
            usleep(10_000)
        }
        throw BenchmarkFailure("the client opened no real-time stream")
    }

    /// When the server finished writing its latest fetch answer, by CLOCK_MONOTONIC.
    func lastAnswerTime() throws(BenchmarkFailure) -> Double {
        struct Request: Decodable {
            let path: String
            let answered: Double?
        }
        struct Requests: Decodable { let requests: [Request] }
        // The publish's fetch is the last request (but for a stream reopened meanwhile): the list
        // grows with every publish, and reading it all would make each publish dearer than the last.
        let recorded = try? JSONDecoder().decode(Requests.self, from: get("__control/requests?last=3"))
        guard let answered = recorded?.requests.last(where: { $0.path.contains(":fetch") })?.answered else {
            throw BenchmarkFailure("the server answered no fetch")
        }
        return answered
    }

    private func exchange(_ request: HTTPRequest) throws(BenchmarkFailure) -> HTTPResponse {
        switch client.sendAndWait(request, timeout: 10, maximumBodySize: 64 << 20) {
        case .success(let response) where response.statusCode == 200: return response
        case .success(let response): throw BenchmarkFailure("\(request.url.path): status \(response.statusCode)")
        case .failure(let error): throw BenchmarkFailure("\(request.url.path): \(error)")
        }
    }
}
