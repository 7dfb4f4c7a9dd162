import BenchmarkSupport
import Dispatch

/// One benchmark result: nanoseconds per event, and the target.
struct BenchmarkResult {
    let name: String
    let nanosecondsPerEvent: Double
    let target: Double?
    var note = ""
}

/// A workload: a body that does `events` events' work per run, and the target in ns per event.
@MainActor
struct Workload {
    let name: String
    let events: Int
    let target: Double?
    let note: () -> String
    let body: () -> Void

    init(_ name: String, events: Int, target: Double?, note: @escaping () -> String = { "" }, _ body: @escaping () -> Void) {
        self.name = name
        self.events = events
        self.target = target
        self.note = note
        self.body = body
    }

    /// The median ns per event over 7 runs after a warm-up.
    func measured() -> BenchmarkResult {
        let nanoseconds = measure(events: events, body)
        return BenchmarkResult(name: name, nanosecondsPerEvent: nanoseconds, target: target, note: note())
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

/// Prints the results as a table with ratios to the floor.
func report(_ results: [BenchmarkResult], floor: Double) {
    func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    }
    print("name".padding(toLength: 42, withPad: " ", startingAt: 0), "ns_per_event", "x_floor", "target", "note")
    for result in results {
        let columns = [
            result.name.padding(toLength: 42, withPad: " ", startingAt: 0),
            format(result.nanosecondsPerEvent).padding(toLength: 12, withPad: " ", startingAt: 0),
            format(result.nanosecondsPerEvent / floor).padding(toLength: 7, withPad: " ", startingAt: 0),
            (result.target.map { "<=" + format($0) + (result.nanosecondsPerEvent <= $0 ? " met" : " missed") } ?? "-")
                .padding(toLength: 14, withPad: " ", startingAt: 0),
            result.note,
        ]
        print(columns.joined(separator: " "))
    }
}
