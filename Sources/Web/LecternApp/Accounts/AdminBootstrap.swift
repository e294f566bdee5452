import Foundation
import Store

/// On a database without any user, creates the `admin` account: with `LECTERN_ADMIN_PASSWORD`
/// when set, else with a random password printed once to the console.
struct AdminBootstrap: StartupTask {
    let name = "first admin"
    /// The environment variable that sets the first admin's password.
    static let passwordVariable = "LECTERN_ADMIN_PASSWORD"

    func run(_ context: AppContext) async throws {
        guard try await context.database.read({ db in try User.count(db) }) == 0 else { return }
        let given = ProcessInfo.processInfo.environment[Self.passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
        let password = given ?? Self.randomPassword()
        _ = try await AccountProvisioning.provision(NewUser(username: "admin", displayName: "Administrator", isAdmin: true),
                                                    password: password, courseSlug: nil, role: .instructor,
                                                    database: context.database)
        if given != nil {
            context.console("Created the admin account 'admin' with the password from \(Self.passwordVariable)")
        } else {
            context.console("Created the admin account 'admin' with the password \(password) (shown only this once)")
        }
    }

    /// 20 characters drawn uniformly by the system's secure generator from an alphabet without
    /// look-alikes (about 115 bits).
    static func randomPassword() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
