import Dispatch
import Reactive

func measure(_ name: String, events: Int, _ body: () -> Void) {
    body()
    var best = Double.infinity
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(events))
    }
    print(name, best)
}
var sink = 0
measure("a", events: 1_000_000) {
    _ = Observable.range(start: 0, count: 1_000_000).map { $0 &* 2 }.filter { $0 % 3 == 0 }.scan(0) { $0 &+ $1 }
        .subscribe(onNext: { sink = $0 })
}
measure("b", events: 1_000_000) {
    let subject = PublishSubject<Int>()
    let d = subject.subscribe(onNext: { sink = $0 })
    for i in 0..<1_000_000 { subject.onNext(i) }
    d.dispose()
}
print(sink)
