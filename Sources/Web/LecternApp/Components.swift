/// The one place that lists the application's parts. A new capability adds its route collection
/// and, when it must prepare data at start, its startup task here, in the order they should run.
extension Application {
    /// Route collections, registered in this order.
    static let routeCollections: [any RouteCollection] = [
        HealthRoutes(),
        HomeRoutes(),
        CourseRoutes(),
        LectureRoutes(),
        SearchRoutes(),
        LecturePageRoutes(),
        AccountRoutes(),
        SubmissionRoutes(),
        GradebookRoutes(),
        CourseAdminRoutes(),
        LectureAdminRoutes(),
        CourseEditRoutes(),
        CaptionEditRoutes(),
        ExerciseAuthoringRoutes(),
        ClassTimeRoutes(),
        AnalyticsRoutes(),
        RegradeRequestRoutes(),
        SimilarityRoutes(),
        LMSExportRoutes(),
        LTIRoutes(),
        APIDescriptionRoutes(),
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
