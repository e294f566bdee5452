import Store

/// Regrades run in the background of a server process; one that was running when the process
/// stopped is marked failed on the next start, so the instructor sees it and can run it again.
/// An interrupted apply leaves every grade it replaced in the history.
struct RegradeRecovery: StartupTask {
    let name = "interrupted regrades"

    func run(_ context: AppContext) async throws {
        let interrupted = try await context.database.write { db in
            try RegradeRun.failUnfinished(reason: "interrupted when the server stopped; start a new dry run", db)
        }
        for id in interrupted {
            context.console("Regrade \(id) was interrupted by a restart and is marked failed")
        }
    }
}
