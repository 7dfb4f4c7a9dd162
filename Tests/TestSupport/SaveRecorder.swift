import PersistenceInterface
import Reactive
import XCTest

/// Records a database's did-save stream (Core Data's `NSManagedObjectContextDidSave` notifications, which
/// the Contacts tutorial's tests observe).
public final class SaveRecorder: Sendable {
    private let database: any Database
    private let saves = Locked<[DatabaseChanges]>([])
    private let expectations = Locked<[XCTestExpectation]>([])
    private let subscription = SingleAssignmentDisposable()

    public init(_ database: any Database) {
        self.database = database
        subscription.setDisposable(database.didSave.subscribe(onNext: { [weak self] in self?.record($0) }))
    }

    private func record(_ changes: DatabaseChanges) {
        saves.withLock { $0.append(changes) }
        for expectation in expectations.withLock({ $0 }) { expectation.fulfill() }
    }

    deinit {
        subscription.dispose()
    }

    /// An expectation fulfilled by the next save.
    public func expectSave() -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "the database saves")
        expectation.assertForOverFulfill = false
        expectations.withLock { $0.append(expectation) }
        return expectation
    }

    /// The saves so far, read once every write queued before this call has run.
    ///
    /// Writes run one at a time on the writer queue, and a write that changes nothing saves nothing,
    /// so an empty write is a barrier: a save still to come from an earlier write has come by then.
    /// This is how "nothing was saved" is asserted without waiting for a time-out.
    public func savesAfterPendingWrites() throws -> [DatabaseChanges] {
        try database.write { _ in }
        return saves.withLock { $0 }
    }
}
