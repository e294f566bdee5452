import HTTPServer
import JSON
import SQLite
import Store

/// `GET /api/health`: `{"status":"ok","version":"…","database":"ok"}`, checking the database with a
/// real query; when the database does not answer, 503 with a problem answer that also carries
/// `"version"` and `"database":"error"`.
/// The query runs on the pool's own probe connection, never on the shared readers, so a busy
/// reader pool (a search flood) does not make the server look down.
struct HealthRoutes: Controller {
    let database: DatabasePool

    init(_ context: AppContext) { database = context.database }

    func addRoutes(to router: Router) {
        router.get("/api/health", use: health)
    }

    func health(_ request: Request, context: AppRequestContext) async throws -> Response {
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
            return Self.unavailable(error)
        }
    }

    /// The 503 problem answer when the database does not answer.
    private static func unavailable(_ error: any Error) -> Response {
        var response = Response.json(status: .serviceUnavailable) { json in
            json.beginObject()
            json.field("type", "about:blank")
            json.field("title", HTTPStatus.serviceUnavailable.reason)
            json.field("status", HTTPStatus.serviceUnavailable.code)
            json.field("detail", "database: \(error)")
            json.field("code", "database_unavailable")
            json.field("version", LecternVersion.current)
            json.field("database", "error")
            json.endObject()
        }
        response.contentType = ErrorRenderer.problemMediaType
        return response.withHeader("Retry-After", "5")
    }
}
