import Reactive

// Reactive's benchmarks (issue: Foundation). Run with Scripts/bench.sh (release build).
// RxSwift 6.10.2 figures were measured on this machine by the author.

var results: [BenchmarkResult] = []
var sink = 0

// (h) The floor: a plain Swift loop doing (a)'s work.
let floor = measure(events: 1_000_000) {
    var accumulated = 0
    for value in 0..<1_000_000 {
        let doubled = value &* 2
        if doubled % 3 == 0 { accumulated &+= doubled }
        sink = accumulated
    }
    blackHole(accumulated)
}
results.append(BenchmarkResult(name: "h plain loop (floor)", nanosecondsPerEvent: floor, rxSwift: 0.4, target: nil))

// (a) range -> map -> filter -> scan, subscribed.
results.append(BenchmarkResult(name: "a range.map.filter.scan 1M", nanosecondsPerEvent: measure(events: 1_000_000) {
    _ = Observable.range(start: 0, count: 1_000_000)
        .map { $0 &* 2 }
        .filter { $0 % 3 == 0 }
        .scan(0) { $0 &+ $1 }
        .subscribe(onNext: { sink = $0 })
}, rxSwift: 4852, target: 20))

// (b) PublishSubject, one subscriber, 1M onNext.
results.append(BenchmarkResult(name: "b PublishSubject 1 sub, 1M onNext", nanosecondsPerEvent: measure(events: 1_000_000) {
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { sink = $0 })
    for value in 0..<1_000_000 { subject.onNext(value) }
    subscription.dispose()
}, rxSwift: 644, target: 15))

// (c) PublishSubject, ten subscribers, 100k onNext (per onNext, delivering to all ten).
results.append(BenchmarkResult(name: "c PublishSubject 10 subs, 100k", nanosecondsPerEvent: measure(events: 100_000) {
    let subject = PublishSubject<Int>()
    let bag = DisposeBag()
    for _ in 0..<10 { subject.subscribe(onNext: { sink &+= $0 }).disposed(by: bag) }
    for value in 0..<100_000 { subject.onNext(value) }
}, rxSwift: 2169, target: 60))

// (f) 100k subscriptions into a DisposeBag, then the bag released; also bytes per subscription.
var bytesPerSubscription = 0.0
results.append(BenchmarkResult(name: "f 100k subscriptions + DisposeBag", nanosecondsPerEvent: measure(events: 100_000) {
    let subject = PublishSubject<Int>()
    var bag: DisposeBag? = DisposeBag()
    let before = allocatedBytes()
    for _ in 0..<100_000 { subject.subscribe(onNext: { sink = $0 }).disposed(by: bag!) }
    bytesPerSubscription = Double(allocatedBytes() - before) / 100_000
    bag = nil
    blackHole(subject)
}, rxSwift: 6634, target: 400))
results[results.count - 1].note = "\(Int(bytesPerSubscription.rounded())) B per subscription (RxSwift ~820, target <= 250)"

report(results, floor: floor)
blackHole(sink)
