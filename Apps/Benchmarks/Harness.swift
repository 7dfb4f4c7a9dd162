import BenchmarkSupport
import Dispatch
import Foundation

/// What a benchmark must reach: a time per event, or a multiple of its baseline's time.
enum Target {
    case nanoseconds(Double)
    case timesBaseline(Double)
}

/// The baseline a result is compared with: what it is, and its time per event.
struct Baseline {
    let name: String
    let nanosecondsPerEvent: Double
}

/// One benchmark result: nanoseconds per event, the baseline it is compared with, and its target.
struct BenchmarkResult {
    let name: String
    let nanosecondsPerEvent: Double
    /// Whether this is a baseline that other results are compared with.
    var isBaseline = false
    var baseline: Baseline? = nil
    var target: Target? = nil
    var note = ""

    /// This result's time as a multiple of its baseline's.
    var timesBaseline: Double? { baseline.map { nanosecondsPerEvent / $0.nanosecondsPerEvent } }

    /// Whether the target is reached; nil when there is none.
    var met: Bool? {
        switch target {
        case .nanoseconds(let limit): nanosecondsPerEvent <= limit
        case .timesBaseline(let limit): timesBaseline.map { $0 <= limit }
        case nil: nil
        }
    }
}

/// A workload: a body that does `events` events' work per run, and the target in ns per event.
@MainActor
struct Workload {
    let name: String
    let events: Int
    let target: Target?
    let note: () -> String
    let body: () -> Void

    init(_ name: String, events: Int, target: Target?, note: @escaping () -> String = { "" }, _ body: @escaping () -> Void) {
        self.name = name
        self.events = events
        self.target = target
        self.note = note
        self.body = body
    }

    /// The median ns per event over 7 runs after a warm-up, beside `baseline`.
    func measured(against baseline: Baseline) -> BenchmarkResult {
        let nanoseconds = measure(events: events, body)
        return BenchmarkResult(name: name, nanosecondsPerEvent: nanoseconds, baseline: baseline, target: target, note: note())
    }
}

/// Runs `workload` once; the only function an instruction count collects in (with what it calls):
/// `valgrind --tool=callgrind --toggle-collect='*countOnce*'`, as Scripts/bench-count.sh does.
@inline(never)
@MainActor
func countOnce(_ workload: Workload) {
    workload.body()
}

/// Runs `body` once to warm up, then `runs` times, and returns the median nanoseconds per event.
func measure(events: Int, runs: Int = 7, _ body: () -> Void) -> Double {
    body()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples.append(Double(elapsed) / Double(events))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Bytes currently allocated by malloc in this process.
func allocatedBytes() -> Int {
    Int(bench_allocated_bytes())
}

/// Keeps a value alive and observable so the optimiser cannot delete the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A time or a ratio with three significant digits at most, whole numbers without a fraction:
/// 0.72, 16.7, 45, 849, 34,100.
func formatted(_ value: Double) -> String {
    let digits = value >= 100 || value == value.rounded() ? 0 : value >= 10 ? 1 : 2
    let scale = [1.0, 10, 100][digits]
    let rounded = (value * scale).rounded() / scale
    let whole = Int(rounded)
    var grouped = ""
    for (index, character) in String(whole).reversed().enumerated() {
        if index > 0 && index % 3 == 0 { grouped.append(",") }
        grouped.append(character)
    }
    var text = String(grouped.reversed())
    if digits > 0 {
        let fraction = Int(((rounded - Double(whole)) * scale).rounded())
        text += "." + String(fraction).leftPadded(to: digits, with: "0")
    }
    return text
}

extension BenchmarkResult {
    /// The baseline column: "baseline" for a baseline, "25× the loop" for a result.
    var baselineText: String {
        guard let baseline, let ratio = timesBaseline else { return isBaseline ? "baseline" : "—" }
        return "\(formatted(ratio))× \(baseline.name)"
    }

    var targetText: String {
        // A target is a round figure: 1.5, not 1.50.
        func limitText(_ limit: Double) -> String {
            var text = formatted(limit)
            while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
            return text
        }
        return switch target {
        case .nanoseconds(let limit): "≤ \(limitText(limit)) ns"
        case .timesBaseline(let limit): "≤ \(limitText(limit))× \(baseline?.name ?? "the baseline")"
        case nil: "—"
        }
    }

    var metText: String { met.map { $0 ? "met" : "missed" } ?? "—" }
}

/// Prints the results as a table: time, ratio to the baseline, target, and whether it is met.
func report(_ results: [BenchmarkResult]) {
    func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    print(column("name", 44), column("ns_per_event", 12), column("x_baseline", 22), column("target", 24), "met", "note")
    for result in results {
        print(
            column(result.name, 44), column(formatted(result.nanosecondsPerEvent), 12), column(result.baselineText, 22),
            column(result.targetText, 24), column(result.metText, 6), result.note)
    }
}

/// Prints the results as the Markdown table of Docs/BENCHMARKS.md (Scripts/bench.sh --write).
func reportMarkdown(_ results: [BenchmarkResult]) {
    print("| workload | ns per event | × its baseline | target | met |")
    print("|---|---:|---:|---:|---|")
    for result in results {
        let name = result.name.replacingOccurrences(of: "|", with: "\\|") + (result.note.isEmpty ? "" : " (\(result.note))")
        print("| \(name) | \(formatted(result.nanosecondsPerEvent)) | \(result.baselineText) | \(result.targetText) | \(result.metText) |")
    }
}

extension String {
    func leftPadded(to length: Int, with pad: Character) -> String {
        String(repeating: pad, count: max(0, length - count)) + self
    }
}
