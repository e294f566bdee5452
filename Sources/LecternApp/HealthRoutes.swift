import HTTPServer
import JSON
import Store

/// `GET /api/health`: `{"status":"ok","version":"…","database":"ok"}`, checking the database with a
/// real query; 503 with `"status":"error"` and the reason when the database does not answer.
/// The query runs on the pool's own probe connection, never on the shared readers, so a busy
/// reader pool (a search flood) does not make the server look down.
struct HealthRoutes: RouteCollection {
    func register(on router: Router, context: AppContext) {
        let database = context.database
        router.get("/api/health") { _, _ in
            do {
                _ = try await database.probe { db in
                    try Schema.appliedMigrationCount(db)
                }
                return Response.json { json in
                    json.beginObject()
                    json.field("status", "ok")
                    json.field("version", LecternVersion.current)
                    json.field("database", "ok")
                    json.endObject()
                }
            } catch {
                return Response.json(status: .serviceUnavailable) { json in
                    json.beginObject()
                    json.field("status", "error")
                    json.field("version", LecternVersion.current)
                    json.field("database", "error")
                    json.field("message", "\(error)")
                    json.endObject()
                }
            }
        }
    }
}
