// A view model and its tests as an RxSwift user writes them (RxSwift, RxRelay and RxTest), ported
// by changing only the imports: `import RxSwift`, `import RxRelay` and `import RxTest` became the
// two lines below. Nothing else here knows it is not running on RxSwift.
import Reactive
import ReactiveTesting
import XCTest

protocol SearchAPI {
    func search(_ query: String) -> Single<[String]>
}

final class SearchViewModel {
    let query = PublishRelay<String>()
    let results: Observable<[String]>
    let isSearching: Observable<Bool>

    init(api: SearchAPI, scheduler: SchedulerType) {
        let activity = BehaviorRelay(value: false)
        results =
            query
            .debounce(.seconds(10), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { text -> Observable<[String]> in
                guard !text.isEmpty else { return .just([]) }
                return api.search(text)
                    .asObservable()
                    .do(onSubscribe: { activity.accept(true) }, onDispose: { activity.accept(false) })
                    .catchAndReturn([])
            }
            .share(replay: 1)
        isSearching = activity.asObservable().distinctUntilChanged()
    }
}

enum SearchFailure: Error {
    case offline
}

/// Answers each query `delay` ticks after it is asked, from cold test observables so that the
/// test can see when each request was subscribed and cancelled.
final class SearchAPIStub: SearchAPI {
    let scheduler: TestScheduler
    var requests: [String: TestableObservable<[String]>] = [:]
    var failing: Set<String> = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func search(_ query: String) -> Single<[String]> {
        let answer: TestableObservable<[String]> =
            failing.contains(query)
            ? scheduler.createColdObservable([.error(20, SearchFailure.offline)])
            : scheduler.createColdObservable([.next(20, ["\(query) 1", "\(query) 2"]), .completed(20)])
        requests[query] = answer
        return answer.asSingle()
    }
}

final class SearchViewModelRxTestStyleTests: XCTestCase {
    var scheduler: TestScheduler!
    var api: SearchAPIStub!
    var viewModel: SearchViewModel!
    var disposeBag: DisposeBag!

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0)
        api = SearchAPIStub(scheduler: scheduler)
        viewModel = SearchViewModel(api: api, scheduler: scheduler)
        disposeBag = DisposeBag()
    }

    override func tearDown() {
        disposeBag = nil
        super.tearDown()
    }

    func testTypingIsDebouncedBeforeSearching() {
        scheduler.createHotObservable([.next(210, "r"), .next(215, "rx"), .next(300, "rxs")])
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)

        let res = scheduler.start { self.viewModel.results }

        XCTAssertEqual(
            res.events,
            [
                .next(245, ["rx 1", "rx 2"]),
                .next(330, ["rxs 1", "rxs 2"]),
            ])
        XCTAssertNil(api.requests["r"])
    }

    func testANewQueryCancelsTheSearchInFlight() {
        scheduler.createHotObservable([.next(210, "rx"), .next(225, "rxs")])
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)

        let res = scheduler.start { self.viewModel.results }

        XCTAssertEqual(res.events, [.next(255, ["rxs 1", "rxs 2"])])
        XCTAssertEqual(api.requests["rx"]?.subscriptions, [Subscription(220, 235)])
        XCTAssertEqual(api.requests["rxs"]?.subscriptions, [Subscription(235, 255)])
    }

    func testTheSameQueryAgainDoesNotSearchAgain() {
        scheduler.createHotObservable([.next(210, "rx"), .next(250, "rx"), .next(300, "")])
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)

        let res = scheduler.start { self.viewModel.results }

        XCTAssertEqual(res.events, [.next(240, ["rx 1", "rx 2"]), .next(310, [])])
        XCTAssertEqual(api.requests["rx"]?.subscriptions, [Subscription(220, 240)])
    }

    func testAFailedSearchShowsNoResultsAndTheNextOneWorks() {
        api.failing = ["rx"]
        scheduler.createHotObservable([.next(210, "rx"), .next(300, "rxs")])
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)

        let res = scheduler.start { self.viewModel.results }

        XCTAssertEqual(res.events, [.next(240, []), .next(330, ["rxs 1", "rxs 2"])])
    }

    func testIsSearchingWhileARequestRuns() {
        let searching = scheduler.createObserver(Bool.self)
        viewModel.isSearching.subscribe(searching).disposed(by: disposeBag)
        viewModel.results.subscribe().disposed(by: disposeBag)

        scheduler.scheduleAt(210) { self.viewModel.query.accept("rx") }
        scheduler.start()

        XCTAssertEqual(searching.events, [.next(0, false), .next(220, true), .next(240, false)])
    }

    func testLateSubscribersGetTheLastResults() {
        let first = scheduler.createObserver([String].self)
        let late = scheduler.createObserver([String].self)
        viewModel.results.subscribe(first).disposed(by: disposeBag)
        scheduler.scheduleAt(210) { self.viewModel.query.accept("rx") }
        scheduler.scheduleAt(300) { self.viewModel.results.subscribe(late).disposed(by: self.disposeBag) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(240, ["rx 1", "rx 2"])])
        XCTAssertEqual(late.events, [.next(300, ["rx 1", "rx 2"])])
        XCTAssertRecordedElements(first.events, [["rx 1", "rx 2"]])
    }

    func testTheAPIsSingleSucceedsOrFails() {
        var events: [SingleEvent<[String]>] = []
        api.failing = ["down"]
        api.search("up").subscribe { events.append($0) }.disposed(by: disposeBag)
        api.search("down").subscribe { events.append($0) }.disposed(by: disposeBag)
        scheduler.start()

        XCTAssertEqual(events, [.success(["up 1", "up 2"]), .failure(SearchFailure.offline)])
    }
}
