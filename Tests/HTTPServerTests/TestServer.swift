import HTTPServer

/// Starts a server on an ephemeral loopback port for one test, with the routes `configure` registers.
func startServer(_ configure: (Router) -> Void, config adjust: (inout ServerConfiguration) -> Void = { _ in }) throws -> Server {
    let router = Router()
    configure(router)
    var config = ServerConfiguration()
    config.port = 0
    config.accessLog = false
    config.eventLoopCount = 2
    adjust(&config)
    let server = Server(router: router, configuration: config)
    try server.start()
    return server
}
