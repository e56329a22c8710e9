// `swift run -c release` serves on 127.0.0.1:$PORT (default 8080); HOST changes the address.
import FormRoutes
import Foundation

let environment = ProcessInfo.processInfo.environment
let app = buildApplication(host: environment["HOST"] ?? "127.0.0.1", port: environment["PORT"].flatMap(Int.init) ?? 8080)
try await app.runService()
