import FuzzerDriver
import JSON
import LTI

/// A public key for checking that no fuzzed token ever validates: fuzzed inputs cannot carry a
/// valid signature by this key, which nobody holds the private half of.
private let key: RSAKey? = {
    var modulus = [UInt8](repeating: 0xC5, count: 256)
    modulus[255] = 0x01
    return try? RSAKey(modulus: modulus, exponent: [0x01, 0x00, 0x01])
}()

/// Feeds one input to the JWT reader, the launch validator, the key-set reader and base64url. A
/// token that reads must have consistent parts; none may validate; base64url must round-trip;
/// anything else (a crash, a hang, a trap) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let decoded = Base64URL.decode(bytes), Array(Base64URL.encode(decoded).utf8) != bytes {
        fatalError("base64url decoding is not canonical")
    }
    if let token = try? JSONWebToken.parse(bytes: bytes) {
        guard token.signingInput.count < bytes.count, bytes.starts(with: token.signingInput) else {
            fatalError("the signing input is not a prefix of the token")
        }
        if let key, (try? LaunchValidator.validate(token, key: key, expecting: LaunchExpectations(
            issuer: "https://lms.example", clientID: "c", deploymentIDs: ["d"], nonce: nil, now: 1_800_000_000))) != nil {
            fatalError("a fuzzed token validated")
        }
    }
    _ = try? JSONWebKeySet.parse(bytes: bytes)
    _ = try? PlatformResponses.members(bytes)
    _ = try? PlatformResponses.accessToken(bytes)
    return 0
}

@main
enum FuzzJWTMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        _ = LLVMFuzzerRunDriver(&argc, &argv, fuzzJWT)
    }
}
