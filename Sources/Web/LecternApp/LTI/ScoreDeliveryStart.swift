/// Starts the LTI score delivery loop at start: posts queued before a restart go out at once.
struct ScoreDeliveryStart: StartupTask {
    var name: String { "LTI score delivery" }

    func run(_ context: AppContext) async throws {
        context.lti.startDelivery()
    }
}
