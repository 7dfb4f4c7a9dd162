import Dispatch
import Foundation
import Reactive
import XCTest

/// A stand-in for UILabel: a plain, non-Sendable class with a text property.
private final class TestLabel {
    var text: String?
}

private struct Contact: Sendable {
    let phone: String
    let address: String
}

/// A seed-style view: a `@MainActor` class that binds labels to an observable observed on the main
/// scheduler, with closures that touch its own state (the single-source-of-truth tutorial's ContactsViewController).
@MainActor
private final class ContactsView {
    let phoneLabel = TestLabel()
    let addressLabel = TestLabel()
    var updates: [String] = []
    var onUpdate: () -> Void = {}
    private let bag = DisposeBag()

    func bind(_ contacts: Observable<[Contact]>) {
        contacts
            .subscribe(on: SerialDispatchQueueScheduler(qos: .default))
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] contacts in
                guard let self, let first = contacts.first else { return }
                MainScheduler.ensureExecutingOnScheduler()
                self.phoneLabel.text = first.phone
                self.updates.append(first.phone)
                self.onUpdate()
            })
            .disposed(by: bag)
        contacts
            .map { $0.first?.address }
            .bind(to: addressLabel.rx.text)
            .disposed(by: bag)
    }
}

extension TestLabel: ReactiveCompatible {}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class MainActorBindingTests: XCTestCase {
    func testSeedStyleViewBindsLabelsOnTheMainThread() {
        let view = ContactsView()
        let contacts = BehaviorSubject<[Contact]>(value: [])
        let updated = XCTestExpectation(description: "labels set")
        view.onUpdate = { updated.fulfill() }
        view.bind(contacts.asObservable())

        DispatchQueue.global().async {
            contacts.onNext([Contact(phone: "010-1234-5678", address: "Seoul")])
        }
        XCTAssertEqual(XCTWaiter().wait(for: [updated], timeout: 10), .completed)

        XCTAssertEqual(view.phoneLabel.text, "010-1234-5678")
        XCTAssertEqual(view.updates, ["010-1234-5678"])
    }

    func testBinderAppliesValuesOnTheMainThreadAndHoldsItsTargetWeakly() {
        var label: TestLabel? = TestLabel()
        let binder = label!.rx.text
        binder.onNext("first")
        XCTAssertEqual(label?.text, "first")
        weak let released = label
        label = nil
        XCTAssertNil(released)
        binder.onNext("ignored")
    }
}
