/// The one place that lists the application's parts. A new capability adds its route collection
/// and, when it must prepare data at start, its startup task here, in the order they should run.
extension Application {
    /// Route collections, registered in this order.
    static let routeCollections: [any RouteCollection] = [
        ControllerRoutes(HealthRoutes.self),
        ControllerRoutes(HomeRoutes.self),
        ControllerRoutes(CourseRoutes.self),
        ControllerRoutes(LectureRoutes.self),
        ControllerRoutes(SearchRoutes.self),
        ControllerRoutes(LecturePageRoutes.self),
        ControllerRoutes(AccountRoutes.self),
        ControllerRoutes(SubmissionRoutes.self),
        ControllerRoutes(GradebookRoutes.self),
        ControllerRoutes(CourseAdminRoutes.self),
        ControllerRoutes(LectureAdminRoutes.self),
        ControllerRoutes(CourseEditRoutes.self),
        ControllerRoutes(CaptionEditRoutes.self),
        ControllerRoutes(ExerciseAuthoringRoutes.self),
        ControllerRoutes(ClassTimeRoutes.self),
        ControllerRoutes(AnalyticsRoutes.self),
        ControllerRoutes(RegradeRequestRoutes.self),
        ControllerRoutes(SimilarityRoutes.self),
        ControllerRoutes(LMSExportRoutes.self),
        ControllerRoutes(LTIRoutes.self),
        ControllerRoutes(APIDescriptionRoutes.self),
    ]

    /// Startup tasks, run in this order on every start.
    static let startupTasks: [any StartupTask] = [
        SampleCourseSeeding(),
        AdminBootstrap(),
        ExerciseLoading(),
        RegradeRecovery(),
        ReservationRecovery(),
        ScoreDeliveryStart(),
    ]
}
