/// Interface Builder object ids (`abc-de-fgh`) derived from names, so that the same document
/// always exports to the same file.
struct ObjectIdentifiers {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    private var used: Set<String> = []
    private let seed: String

    init(seed: String) { self.seed = seed }

    /// A new id for `key`, unique in this document.
    mutating func id(for key: String) -> String {
        var attempt = 0
        while true {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(seed)\u{0}\(key)\u{0}\(attempt)".utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            var characters: [UInt8] = []
            for position in 0..<8 {
                if position == 3 || position == 5 { characters.append(UInt8(ascii: "-")) }
                characters.append(Self.alphabet[Int(hash % UInt64(Self.alphabet.count))])
                hash /= UInt64(Self.alphabet.count)
            }
            let id = String(decoding: characters, as: UTF8.self)
            if used.insert(id).inserted { return id }
            attempt += 1
        }
    }
}
