import Foundation
import Reactive

// Bistro's benchmarks. Run with Scripts/bench.sh (release build); pass name prefixes to run only
// some (`Scripts/bench.sh a f`). Ratios are to what this program runs itself (the plain loop, the
// C baseline): a peer's figures from another machine would not compare.
//
// `server-to-screen [PUBLISHES]` times templates published to a local server on their way to the
// Contacts screen (ServerToScreenBenchmark.swift). `--count NAME` runs one Reactive, Architecture
// or Persistence (`pc-…`) workload once, with nothing else, for an instruction count
// (Scripts/bench-count.sh runs it under callgrind; Docs/BENCHMARKS.md).

var sink = 0

/// The Reactive workloads (a)–(g), each with its events per run and the target in ns per event.
let reactiveWorkloads: [Workload] = [
    Workload("a range.map.filter.scan 1M", events: 1_000_000, target: .timesBaseline(45)) {
        _ = Observable.range(start: 0, count: 1_000_000)
            .map { $0 &* 2 }
            .filter { $0 % 3 == 0 }
            .scan(0) { $0 &+ $1 }
            .subscribe(onNext: { sink = $0 })
    },
    Workload("b PublishSubject 1 sub, 1M onNext", events: 1_000_000, target: .nanoseconds(10)) {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { sink = $0 })
        for value in 0..<1_000_000 { subject.onNext(value) }
        subscription.dispose()
    },
    // Per onNext, each delivered to all ten subscribers.
    Workload("c PublishSubject 10 subs, 100k", events: 100_000, target: .nanoseconds(40)) {
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        for _ in 0..<10 { subject.subscribe(onNext: { sink &+= $0 }).disposed(by: bag) }
        for value in 0..<100_000 { subject.onNext(value) }
    },
    Workload("d range(100k).flatMap { just($0) }", events: 100_000, target: .nanoseconds(250)) {
        _ = Observable.range(start: 0, count: 100_000)
            .flatMap { Observable.just($0) }
            .subscribe(onNext: { sink = $0 })
    },
    Workload("e merge of 1000 x range(0, 1000)", events: 1_000_000, target: .nanoseconds(40)) {
        let sources = (0..<1_000).map { _ in Observable.range(start: 0, count: 1_000) }
        _ = Observable.merge(sources).subscribe(onNext: { sink = $0 })
    },
    Workload(
        "f 100k subscriptions + DisposeBag", events: 100_000, target: .nanoseconds(200),
        note: { "\(Int(bytesPerSubscription.rounded())) B per retained subscription, target ≤ 250 B" }
    ) {
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        let before = allocatedBytes()
        for _ in 0..<100_000 { subject.subscribe(onNext: { sink = $0 }).disposed(by: bag!) }
        bytesPerSubscription = Double(allocatedBytes() - before) / 100_000
        bag = nil
        blackHole(subject)
    },
    // Alternating values into two BehaviorSubjects combined; per onNext.
    Workload("g combineLatest of 2 BehaviorSubjects, 500k", events: 500_000, target: .nanoseconds(20)) {
        let left = BehaviorSubject(value: 0)
        let right = BehaviorSubject(value: 0)
        let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }.subscribe(onNext: { sink = $0 })
        for value in 0..<250_000 {
            left.onNext(value)
            right.onNext(value)
        }
        subscription.dispose()
    },
]
var bytesPerSubscription = 0.0

/// Every workload `--count` can run.
var countableWorkloads: [Workload] { reactiveWorkloads + storeWorkloads + persistenceCountWorkloads }

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "server-to-screen" {
    // Run only when named: it starts the repository's Python server, from the repository's root.
    ServerToScreenBenchmark.run(publishes: arguments.dropFirst().first.flatMap { Int($0) } ?? 200)
} else if arguments.first == "--count" {
    guard arguments.count == 2, let workload = countableWorkloads.first(where: { $0.name.hasPrefix(arguments[1]) }) else {
        print("usage: bistro-bench --count NAME, one of:")
        for workload in countableWorkloads { print("  \(workload.name)") }
        exit(2)
    }
    countOnce(workload)
    print("events \(workload.events)")
} else {
    // `--markdown` prints the table of Docs/BENCHMARKS.md instead of the text one (Scripts/bench.sh --write).
    let markdown = arguments.contains("--markdown")
    let selected = arguments.filter { $0 != "--markdown" }
    func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains { name.hasPrefix($0) } }
    var results: [BenchmarkResult] = []

    // (h) The floor: a plain Swift loop doing (a)'s work. Always measured: the ratios need it.
    let floor = measure(events: 1_000_000) {
        var accumulated = 0
        for value in 0..<1_000_000 {
            let doubled = value &* 2
            if doubled % 3 == 0 { accumulated &+= doubled }
            sink = accumulated
        }
        blackHole(accumulated)
    }
    let loop = Baseline(name: "the loop", nanosecondsPerEvent: floor)
    results.append(BenchmarkResult(name: "h plain Swift loop doing (a)'s work (the floor)", nanosecondsPerEvent: floor, isBaseline: true))
    for workload in reactiveWorkloads where wanted(workload.name) {
        results.append(workload.measured(against: loop))
    }
    // Architecture: actions through a store with a reducer, three middleware items and a subscriber,
    // and subscriptions to a store; directly and through the ReSwift face.
    for workload in storeWorkloads where wanted(workload.name) {
        results.append(workload.measured(against: loop))
    }
    // Persistence (SQLite): Codable records against a C baseline on the same libsqlite3.
    if wanted("p") { results += persistenceBenchmarks() }
    if markdown { reportMarkdown(results) } else { report(results) }
    // Scaling: cost per unit as the work grows.
    if wanted("s") { reportScaling(scalingBenchmarks()) }
}
blackHole(sink)
