import CCrypt
import Digest
import Foundation

/// Password hashing with yescrypt through libxcrypt (`crypt_gensalt_rn` + `crypt_r`).
///
/// Hashes are self-describing strings (`$y$…`), so the cost can rise later without breaking old
/// ones. Verification recomputes the hash and compares it in constant time.
enum PasswordHasher {
    /// The shortest password accepted.
    static let minimumLength = 10
    /// The longest password accepted (yescrypt takes any length; this bounds the work).
    static let maximumLength = 1024

    /// Why a password cannot be used.
    struct Weakness: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws unless `password` is long enough (and not absurdly long).
    static func validate(_ password: String) throws(Weakness) {
        guard password.count >= minimumLength else {
            throw Weakness(description: "The password must be at least \(minimumLength) characters long.")
        }
        guard password.utf8.count <= maximumLength else {
            throw Weakness(description: "The password must be at most \(maximumLength) bytes long.")
        }
    }

    /// A new yescrypt hash of `password` with a fresh random salt.
    static func hash(_ password: String) throws -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let random = SecureToken.randomBytes(32)
        let prefixOK = random.withUnsafeBufferPointer { randomBytes in
            randomBytes.withMemoryRebound(to: CChar.self) { rbytes in
                crypt_gensalt_rn("$y$", 0, rbytes.baseAddress, Int32(rbytes.count), &salt, Int32(salt.count)) != nil
            }
        }
        guard prefixOK, let hashed = crypt(password, setting: salt.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) else {
            throw HashingError()
        }
        return hashed
    }

    /// Whether `password` matches `storedHash`, compared in constant time. A missing hash never
    /// matches, but costs the same work, so timing does not reveal whether an account exists.
    static func verify(_ password: String, against storedHash: String?) -> Bool {
        guard password.utf8.count <= maximumLength else { return false }
        let setting = storedHash ?? decoyHash
        guard let computed = crypt(password, setting: setting) else { return false }
        let matches = constantTimeEquals(Array(computed.utf8), Array(setting.utf8))
        return matches && storedHash != nil
    }

    /// The hash compared against when an account has no password, so the work is the same.
    private static let decoyHash = (try? hash("decoy password never used")) ?? "$y$j9T$decoy"

    /// `crypt_r` with its large state on the heap; nil when libxcrypt refuses the setting.
    private static func crypt(_ password: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let output = crypt_r(password, setting, data) else { return nil }
        let result = String(cString: output)
        // libxcrypt signals failure with a string starting with "*".
        return result.hasPrefix("*") ? nil : result
    }

    /// libxcrypt could not produce a hash.
    struct HashingError: Error, CustomStringConvertible {
        var description: String { "password hashing failed" }
    }
}
