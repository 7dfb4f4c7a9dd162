import Reactive

// Bistro's benchmarks. Run with Scripts/bench.sh (release build); pass name prefixes to run only
// some (`Scripts/bench.sh a f`). Ratios are to what this program runs itself (the plain loop, the
// C baseline): a peer's figures from another machine would not compare.

/// Benchmarks to run, by name prefix; all when none is given.
let selected = Array(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains { name.hasPrefix($0) } }

var sink = 0
var results: [BenchmarkResult] = []

@MainActor
func run(_ name: String, events: Int, target: Double?, note: () -> String = { "" }, _ body: () -> Void) {
    guard wanted(name) else { return }
    let nanoseconds = measure(events: events, body)
    results.append(BenchmarkResult(name: name, nanosecondsPerEvent: nanoseconds, target: target, note: note()))
}

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
results.append(BenchmarkResult(name: "h plain loop (floor)", nanosecondsPerEvent: floor, target: nil))

run("a range.map.filter.scan 1M", events: 1_000_000, target: 20) {
    _ = Observable.range(start: 0, count: 1_000_000)
        .map { $0 &* 2 }
        .filter { $0 % 3 == 0 }
        .scan(0) { $0 &+ $1 }
        .subscribe(onNext: { sink = $0 })
}

run("b PublishSubject 1 sub, 1M onNext", events: 1_000_000, target: 15) {
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { sink = $0 })
    for value in 0..<1_000_000 { subject.onNext(value) }
    subscription.dispose()
}

// Per onNext, each delivered to all ten subscribers.
run("c PublishSubject 10 subs, 100k", events: 100_000, target: 60) {
    let subject = PublishSubject<Int>()
    let bag = DisposeBag()
    for _ in 0..<10 { subject.subscribe(onNext: { sink &+= $0 }).disposed(by: bag) }
    for value in 0..<100_000 { subject.onNext(value) }
}

run("d range(100k).flatMap { just($0) }", events: 100_000, target: 250) {
    _ = Observable.range(start: 0, count: 100_000)
        .flatMap { Observable.just($0) }
        .subscribe(onNext: { sink = $0 })
}

run("e merge of 1000 x range(0, 1000)", events: 1_000_000, target: 40) {
    let sources = (0..<1_000).map { _ in Observable.range(start: 0, count: 1_000) }
    _ = Observable.merge(sources).subscribe(onNext: { sink = $0 })
}

var bytesPerSubscription = 0.0
run("f 100k subscriptions + DisposeBag", events: 100_000, target: 400,
    note: { "\(Int(bytesPerSubscription.rounded())) B per subscription (target <= 250)" }) {
    let subject = PublishSubject<Int>()
    var bag: DisposeBag? = DisposeBag()
    let before = allocatedBytes()
    for _ in 0..<100_000 { subject.subscribe(onNext: { sink = $0 }).disposed(by: bag!) }
    bytesPerSubscription = Double(allocatedBytes() - before) / 100_000
    bag = nil
    blackHole(subject)
}

// Alternating values into two BehaviorSubjects combined; per onNext.
run("g combineLatest of 2 BehaviorSubjects, 500k", events: 500_000, target: 40) {
    let left = BehaviorSubject(value: 0)
    let right = BehaviorSubject(value: 0)
    let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }.subscribe(onNext: { sink = $0 })
    for value in 0..<250_000 {
        left.onNext(value)
        right.onNext(value)
    }
    subscription.dispose()
}

// Architecture: actions through a store with a reducer, three middleware items and a subscriber.
if wanted("architecture") { results += architectureBenchmarks() }

// Persistence (SQLite): Codable records against a C baseline on the same libsqlite3.
if wanted("p") { results += persistenceBenchmarks() }

report(results, floor: floor)
blackHole(sink)
