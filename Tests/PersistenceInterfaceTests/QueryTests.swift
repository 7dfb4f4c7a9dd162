import PersistenceInterface
import XCTest

private struct Contact: DatabaseRecord {
    static let tableName = "contacts"
    static let primaryKey = "order"
    var order: Int16
    var phone: String?
}

private struct Plain: DatabaseRecord {
    static let tableName = "plain"
    var id: Int
}

/// Building queries and filters: values only, no database.
final class QueryTests: XCTestCase {
    func testOperatorsBuildFilters() {
        XCTAssertEqual(Column("a") == 1, .comparison(Column("a"), .equal, .integer(1)))
        XCTAssertEqual(Column("a") != "x", .comparison(Column("a"), .notEqual, .text("x")))
        XCTAssertEqual(Column("a") < 2.5, .comparison(Column("a"), .less, .real(2.5)))
        XCTAssertEqual(Column("a") <= 1, .comparison(Column("a"), .lessOrEqual, .integer(1)))
        XCTAssertEqual(Column("a") > 1, .comparison(Column("a"), .greater, .integer(1)))
        XCTAssertEqual(Column("a") >= 1, .comparison(Column("a"), .greaterOrEqual, .integer(1)))
        XCTAssertEqual(Column("a") == nil, .isNull(Column("a")))
        XCTAssertEqual(Column("a") != nil, .isNotNull(Column("a")))
        let none: Int? = nil
        XCTAssertEqual(Column("a") == none, .isNull(Column("a")))
        XCTAssertEqual(Column("a").in([1, 2]), .in(Column("a"), [.integer(1), .integer(2)]))
        XCTAssertEqual(Column("a").like("x%"), .like(Column("a"), pattern: "x%"))
        XCTAssertEqual(!(Column("a") == 1), .not(.comparison(Column("a"), .equal, .integer(1))))
    }

    func testAndOrFlatten() {
        let a = Column("a") == 1
        let b = Column("b") == 2
        let c = Column("c") == 3
        XCTAssertEqual(a && b && c, .and([a, b, c]))
        XCTAssertEqual(a || b || c, .or([a, b, c]))
        XCTAssertEqual((a && b) || c, .or([.and([a, b]), c]))
        XCTAssertEqual(((a && b) || c).columns, [Column("a"), Column("b"), Column("c")])
    }

    func testQueriesComposeAndNameTheirTable() {
        let query = Contact.order(Column("order").asc).filter(Column("phone") != nil).filter(Column("order") > 1).limit(5, offset: 10)
        XCTAssertEqual(query.ordering, [Ordering(Column("order"), ascending: true)])
        XCTAssertEqual(query.filter, .and([.isNotNull(Column("phone")), .comparison(Column("order"), .greater, .integer(1))]))
        XCTAssertEqual(query.limit, 5)
        XCTAssertEqual(query.offset, 10)
        XCTAssertEqual(query.tables, ["contacts"])
        XCTAssertEqual(Contact.all(), Query<Contact>())
        XCTAssertEqual(Column("x").desc, Ordering(Column("x"), ascending: false))
    }

    func testPrimaryKeyDefaultsToId() {
        XCTAssertEqual(Plain.primaryKey, "id")
        XCTAssertEqual(Contact.primaryKey, "order")
    }
}
