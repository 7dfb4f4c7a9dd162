import ArgumentParsing
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import XCTest

@testable import BistroApp

/// Where an app on the library keeps its state: under its own name, so that two apps on one HOME
/// share nothing unless told to; a database another app made is refused with whose it is.
final class AppStateTests: XCTestCase {
    private static let other = AppDescription(name: "other", version: "1", abstract: "another app on the library")

    /// A plugin the tipsy app has and the other app does not.
    private static let notes = FeaturePlugin(
        name: "notes", migrations: [Migration("notes.create", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)")])

    func testADescriptionNamesTheAppsTitleAndClientIDsAfterItsNameUnlessGiven() {
        let tipsy = InProcessApp.description
        XCTAssertEqual(tipsy.title, "Tipsy")
        XCTAssertEqual(tipsy.appleClientIDs, ["app.tipsy.ios", "app.tipsy.web"])
        let given = AppDescription(
            name: "loyalty-app", version: "1", abstract: "", title: "Loyalty", appleClientIDs: ["com.example.loyalty"])
        XCTAssertEqual(given.title, "Loyalty")
        XCTAssertEqual(given.appleClientIDs, ["com.example.loyalty"])
    }

    func testTheDefaultsAreTheApps() throws {
        let settings = try Settings(GlobalOptions(), app: InProcessApp.description, environment: ["HOME": "/home/mi-rae"])
        XCTAssertEqual(settings.databasePath, "/home/mi-rae/.local/share/tipsy/tipsy.sqlite")
        XCTAssertEqual(settings.stateDirectory, "/home/mi-rae/.local/state/tipsy")
        XCTAssertEqual(settings.appleClientIDs, ["app.tipsy.ios", "app.tipsy.web"])
        XCTAssertFalse(settings.isDatabaseGiven)
    }

    func testTwoAppsOnOneHomeKeepTheirOwnDatabasesInEitherOrder() throws {
        let home = try makeHome(for: self)
        let tipsy = InProcessApp([TipsPlugin.plugin, Self.notes], home: home)
        let other = InProcessApp([TipsPlugin.plugin], home: home, description: Self.other)

        XCTAssertEqual(tipsy.run("tips", "add", "Salt the water").status, 0)
        let otherAdd = other.run("tips", "add", "Rest the dough")
        XCTAssertEqual(otherAdd.status, 0, otherAdd.errors)
        XCTAssertEqual(tipsy.run("tips", "list").output, "Tip of the day\nSalt the water\n")
        XCTAssertEqual(other.run("tips", "list").output, "Tip of the day\nRest the dough\n")
        for file in ["data/tipsy/tipsy.sqlite", "data/other/other.sqlite"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent(file).path), file)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/bistro").path))
    }

    func testAnotherAppsDatabaseIsRefusedWithWhoseItIsAndLeftAsItWas() throws {
        let home = try makeHome(for: self)
        let tipsy = InProcessApp([TipsPlugin.plugin, Self.notes], home: home)
        XCTAssertEqual(tipsy.run("tips", "add", "Salt the water").status, 0)
        let path = home.appendingPathComponent("data/tipsy/tipsy.sqlite").path

        let other = InProcessApp([TipsPlugin.plugin], home: home, description: Self.other)
        let refused = other.run("--database", path, "tips", "list")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.errors,
            "other: error: \(path) is another app's database (it has the features notes, which other does not have); "
                + "give other its own with --database, or leave --database out for its default\n")
        XCTAssertEqual(tipsy.run("tips", "list").output, "Tip of the day\nSalt the water\n", "the database is as it was")
    }

    func testADatabaseOfANewerVersionSaysSo() throws {
        let home = try makeHome(for: self)
        let path = home.appendingPathComponent("newer.sqlite").path
        let newer =
            [TipsPlugin.plugin].flatMap(\.migrations) + [Migration("tips.addRating", sql: "ALTER TABLE tips ADD COLUMN rating INTEGER")]
        _ = try SQLiteDatabase(.file(path: path), migrations: newer)

        let run = InProcessApp([TipsPlugin.plugin], home: home).run("--database", path, "tips", "list")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.errors,
            "tipsy: error: could not open the app's storage: The database was migrated by a newer version of the program "
                + "(unknown migrations: tips.addRating).\n")
    }

    func testTheFakesWorkOverTheDatabaseFileGiven() throws {
        let home = try makeHome(for: self)
        let path = home.appendingPathComponent("shared.sqlite").path
        let app = InProcessApp([TipsPlugin.plugin], home: home)
        XCTAssertEqual(app.run("--fake", "--database", path, "tips", "add", "Toast the sesame").status, 0)
        XCTAssertEqual(app.run("--fake", "--database", path, "tips", "list").output, "Tip of the day\nToast the sesame\n")
        XCTAssertEqual(app.run("tips", "list", "--database", path).output, "Tip of the day\nToast the sesame\n", "the live services see it")
        XCTAssertEqual(app.run("--fake", "tips", "list").output, "Tip of the day\n", "without --database, a new in-memory one")
    }
}
