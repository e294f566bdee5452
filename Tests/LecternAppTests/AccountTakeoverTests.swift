import Foundation
import LecternApp
import Store
import XCTest

/// Set-password links are the one way to choose a password without knowing the old one, so they
/// are issued only for accounts that the same call creates: never for an existing account, an
/// admin, or an account of another course, whatever path asks (roster API, roster form,
/// enrollment API).
final class AccountTakeoverTests: XCTestCase {
    private var fixture: CourseworkFixture!

    override func setUp() async throws {
        fixture = try await CourseworkFixture()
        // Accounts that exist but have not chosen a password yet.
        let database = fixture.app.context.database
        // An admin without a password: provisioning refuses to make one, but older databases may have one.
        try await database.write { db in
            _ = try User.insert(NewUser(username: "boss", displayName: "Boss", isAdmin: true), passwordHash: nil, db)
        }
        _ = try await AccountProvisioning.provision(NewUser(username: "olga", displayName: "Olga"),
                                                    password: nil, courseSlug: "other", role: .instructor, database: database)
        _ = try await AccountProvisioning.provision(NewUser(username: "newbie", displayName: "Newbie"),
                                                    password: nil, courseSlug: nil, role: .student, database: database)
    }

    override func tearDown() async throws {
        await fixture.stop()
    }

    private func setupTokens() async throws -> Int {
        try await fixture.app.context.database.read { db in
            try db.fetchValue(Int.self, sql: "SELECT count(*) FROM password_setup_tokens") ?? 0
        }
    }

    func testTheRosterAPIGivesNoLinkForAccountsThatAlreadyExist() async throws {
        let before = try await setupTokens()
        let response = try fixture.send(.instructor, "POST", "/api/courses/cs193p/roster", contentType: "text/csv",
                                        body: "boss,Boss,\nolga,Olga,\nnewbie,Newbie,\nfresh,Fresh Student,\n")
        XCTAssertEqual(response.status, 200, response.text)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0["username"] as? String ?? "", $0) })
        for existing in ["boss", "olga", "newbie"] {
            XCTAssertNil(byName[existing]?["setPasswordPath"] as? String, "\(existing) must get no set-password link")
            XCTAssertEqual(byName[existing]?["created"] as? Bool, false)
        }
        XCTAssertNotNil(byName["fresh"]?["setPasswordPath"] as? String, "the account this import created gets its link")
        let after = try await setupTokens()
        XCTAssertEqual(after - before, 1, "one token, for the created account only")
        XCTAssertEqual(response.text.components(separatedBy: "token=").count - 1, 1, "one link in the answer")
    }

    func testTheRosterFormGivesNoLinkForAnAdminWithoutAPassword() throws {
        let (cookie, csrf) = try fixture.browserSignIn(username: "ines")
        let response = try fixture.client.send("POST", "/courses/cs193p/roster", headers: [
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(csrf)&csv=boss%2CBoss%2C%0Aolga%2COlga%2C".utf8))
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertFalse(response.text.contains("/set-password?token="), response.text)
    }

    func testAnExistingAccountWithoutAPasswordCannotBeTakenOverThroughTheRoster() throws {
        let response = try fixture.send(.instructor, "POST", "/api/courses/cs193p/roster", contentType: "text/csv", body: "boss,Boss,\n")
        XCTAssertFalse(response.text.contains("set-password"), response.text)
        // Nothing signs the attacker in as the admin: no link exists to follow.
        let signIn = try fixture.signIn(username: "boss", password: "attacker-chosen-password")
        XCTAssertEqual(signIn.status, 401)
    }

    func testAdminsNeverGetALinkAndTheOperatorCanIssueOneForAnExistingStudent() async throws {
        let database = fixture.app.context.database
        do {
            _ = try await AccountProvisioning.provision(NewUser(username: "boss2", isAdmin: true), password: nil, courseSlug: nil,
                                                        role: .instructor, database: database)
            XCTFail("an admin without a password was created")
        } catch let error as AccountProvisioning.ProvisioningError {
            XCTAssertTrue(error.description.contains("password"), error.description)
        }
        do {
            _ = try await AccountProvisioning.setupLink(username: "boss", database: database)
            XCTFail("a link was issued for an admin")
        } catch let error as AccountProvisioning.ProvisioningError {
            XCTAssertTrue(error.description.contains("admin"), error.description)
        }
        let link = try await AccountProvisioning.setupLink(username: "newbie", database: database)
        let page = try fixture.client.send("GET", link)
        XCTAssertEqual(page.status, 200, page.text)
    }

    func testEnrollmentOnlyEnrolsAnExistingAccount() async throws {
        let before = try await setupTokens()
        let response = try fixture.send(.instructor, "POST", "/api/courses/cs193p/enrollments", contentType: "application/json",
                                        body: #"{"username":"olga","role":"student"}"#)
        XCTAssertEqual(response.status, 204, response.text)
        let after = try await setupTokens()
        XCTAssertEqual(after, before)
        let missing = try fixture.send(.instructor, "POST", "/api/courses/cs193p/enrollments", contentType: "application/json",
                                       body: #"{"username":"nobody","role":"student"}"#)
        XCTAssertEqual(missing.status, 404, "enrolment never creates an account")
    }
}
