// Reference server for the HTTP benchmark: Hummingbird 2 serving
//   GET /hello -> {"ok":true,"n":42}
//   GET /items -> a JSON array of 50 objects {id,name,price,active}
// Usage: hummingbird-reference [port]   (default 8081)
import Hummingbird

struct Hello: ResponseEncodable {
    let ok: Bool
    let n: Int
}

struct Item: ResponseEncodable {
    let id: Int
    let name: String
    let price: Double
    let active: Bool
}

/// The same 50 items Lectern's bench route serves.
let items: [Item] = (1...50).map { i in
    Item(id: i, name: "Item \(i)", price: Double(i) * 1.25, active: i % 2 == 0)
}

let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
let router = Router()
router.get("hello") { _, _ in Hello(ok: true, n: 42) }
router.get("items") { _, _ in items }

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
