import Store

/// Attempts reserved for grading belong to the process that was grading them: on start, any left
/// by a stopped process are released, so that they count neither as attempts nor for the cooldown.
struct ReservationRecovery: StartupTask {
    let name = "interrupted grading"

    func run(_ context: AppContext) async throws {
        let released = try await context.database.write { db in try SubmissionReservation.releaseAll(db) }
        if released > 0 {
            context.console("Released \(released) attempt\(released == 1 ? "" : "s") reserved by grading that a restart interrupted")
        }
    }
}
