// `swift run -c release` serves on 127.0.0.1:$PORT (default 8080); HOST changes the address.
import FormRoutes
import Logging
import Vapor

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
app.http.server.configuration.hostname = Environment.get("HOST") ?? "127.0.0.1"
app.http.server.configuration.port = Environment.get("PORT").flatMap(Int.init) ?? 8080
do {
    try configure(app)
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
