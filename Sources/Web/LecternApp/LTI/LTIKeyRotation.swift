import Foundation
import LTI
import SQLite
import Store

/// Making a new signing key: `lectern lti rotate-key`, and the first key on first use.
enum LTIKeyRotation {
    /// Generates a 2048-bit RSA key (libcrypto), stores it as the signing key and retires the
    /// previous ones (still published for ``LTIRuntime/keyGracePeriod``). Returns the stored key.
    @discardableResult
    static func rotate(_ database: DatabasePool, onlyIfNone: Bool = false, now: Date = Date()) async throws -> LTIToolKey {
        let key = try RSAKey.generate(bits: 2048)
        let keyID = "lectern-" + String(SecureToken.generate().prefix(16))
        let pem = try key.privateKeyPEM()
        let jwk = key.publicJWK(keyID: keyID).serialized()
        return try await database.write { db in
            // Two concurrent first uses: the second finds the first's key and keeps it.
            if onlyIfNone, let existing = try LTIToolKey.current(db) { return existing }
            try LTIToolKey.deleteRetired(before: now.addingTimeInterval(-LTIRuntime.keyGracePeriod), db)
            try LTIToolKey.rotate(kid: keyID, privateKeyPEM: pem, publicJWKJSON: jwk, at: now, db)
            guard let stored = try LTIToolKey.current(db) else { throw LTIError("bad_key", "The new key was not stored.") }
            return stored
        }
    }
}
