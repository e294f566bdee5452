import Digest

/// Random secrets (session, API, set-password and CSRF tokens) and the hashes they are stored as.
enum SecureToken {
    /// `count` bytes from the system's cryptographically secure generator (`getrandom` on Linux).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A new 256-bit token as 64 lowercase hex characters.
    static func generate() -> String {
        Hex.encode(randomBytes(32))
    }

    /// What a token is stored as: its SHA-256.
    static func hash(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }

    /// Whether two secrets are equal, in time that does not depend on where they differ.
    static func matches(_ presented: String?, _ expected: String) -> Bool {
        guard let presented else { return false }
        return constantTimeEquals(SHA256.hash(Array(presented.utf8)), SHA256.hash(Array(expected.utf8)))
    }
}
