import HTTPServer
import JSON

/// One object of the `/bench/items` payload.
struct BenchItem: JSONWritable {
    let id: Int
    let name: String
    let price: Double
    let active: Bool

    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("name", name)
        writer.field("price", price)
        writer.field("active", active)
        writer.endObject()
    }
}

/// The benchmark payload served by `/bench/items`: 50 items, built once.
private let benchItems: [BenchItem] = (1...50).map { i in
    BenchItem(id: i, name: "Item \(i)", price: Double(i) * 1.25, active: i % 2 == 0)
}

/// The benchmark-only routes (`lectern serve --bench-routes`), encoded per request through the
/// same `Response.json` path as the API routes:
/// - `GET /bench/hello` → `{"ok":true,"n":42}`
/// - `GET /bench/items` → a JSON array of 50 objects `{id,name,price,active}`
struct BenchRoutes: Controller {
    init(_ context: AppContext) {}

    func addRoutes(to router: Router) {
        router.get("/bench/hello", use: hello)
        router.get("/bench/items", use: items)
    }

    func hello(_ request: Request, context: AppRequestContext) async throws -> Response {
        .json { json in
            json.beginObject()
            json.field("ok", true)
            json.field("n", 42)
            json.endObject()
        }
    }

    func items(_ request: Request, context: AppRequestContext) async throws -> Response {
        .json(benchItems)
    }
}
