// Every route over real HTTP: the server runs on 127.0.0.1 (Vapor's running testable
// application, on a port of its own), and the requests go through AsyncHTTPClient.
import FormPayloads
import FormSamples
import FormRoutes
import Foundation
import Testing
import Vapor
import VaporTesting

private let formHeaders: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]

/// Sends one request to a running server and returns the response.
private func send(_ app: Application, _ method: HTTPMethod, _ path: String, form: String? = nil) async throws -> TestingHTTPResponse {
    try await app.testing(method: .running(hostname: "127.0.0.1", port: 0))
        .sendRequest(method, path, headers: form == nil ? [:] : formHeaders, body: form.map { ByteBuffer(string: $0) })
}

private func decoded<T: Decodable>(_ type: T.Type, _ response: TestingHTTPResponse) throws -> T {
    try JSONDecoder().decode(T.self, from: response.body)
}

private struct ErrorBody: Decodable { var error: String; var key: String? }

@Suite("Vapor server over HTTP")
struct ServerTests {
    @Test func webhook() async throws {
        try await withApp(configure: configure) { app in
            let response = try await send(app, .POST, "/webhook", form: Forms.webhook)
            #expect(response.status == .ok)
            #expect(response.headers.contentType == .json)
            let sms = try decoded(IncomingSMS.self, response)
            #expect(sms.From == "+14155551234")
            #expect(sms.To == "+14155550100")
            #expect(sms.Body == "Hi there! Table for 2 at 7:30pm? 🍝")
            #expect(sms.ToCity == "SAN FRANCISCO")
            #expect(sms.NumMedia == 0 && sms.NumSegments == 1)
            #expect(sms.AccountSid == "AC0123456789abcdef0123456789abcdef")
            // Vapor's own decoder reads the same value.
            let baseline = try await send(app, .POST, "/baseline/webhook", form: Forms.webhook)
            #expect(baseline.status == .ok)
            #expect(try decoded(IncomingSMS.self, baseline) == sms)
            let nodecode = try await send(app, .POST, "/nodecode/webhook", form: Forms.webhook)
            #expect(try decoded(Received.self, nodecode) == Received(received: Forms.webhook.utf8.count))
        }
    }

    @Test func signup() async throws {
        try await withApp(configure: configure) { app in
            let checked = try decoded(Signup.self, try await send(app, .POST, "/signup", form: Forms.signup))
            #expect(checked == Signup(email: "ann@example.com", name: "Ann Müller", interests: ["swift", "server side"],
                                      newsletter: true, terms: false))
            let unchecked = try decoded(Signup.self, try await send(app, .POST, "/signup", form: Forms.signupUnchecked))
            #expect(unchecked == Signup(email: "bob@example.com", name: "Bob", interests: [], newsletter: false, terms: false))
            let rails = try decoded(Signup.self, try await send(app, .POST, "/signup", form: Forms.signupRails))
            #expect(rails == Signup(email: "cy@example.com", name: "Cy", interests: ["nio"], newsletter: true, terms: false))
            let missing = try await send(app, .POST, "/signup", form: "name=Dee")
            #expect(missing.status == .badRequest)
            #expect(try decoded(ErrorBody.self, missing).key == "email")
        }
    }

    @Test func orders() async throws {
        try await withApp(configure: configure) { app in
            let response = try await send(app, .POST, "/orders", form: Forms.orders(count: 12))
            #expect(response.status == .ok)
            let form = try decoded(OrderForm.self, response)
            #expect(form.order.customer == Customer(name: "Ann Müller", email: "ann@example.com"))
            #expect(form.order.line_items.map(\.sku) == (0..<12).map { "SKU-\($0)/red" })   // by number: 0, 1, 2, …, 10, 11
            #expect(form.order.line_items[10] == LineItem(sku: "SKU-10/red", quantity: 1, price: Decimal(string: "10.99")!))
            #expect(form.order.note == "Leave at the door & ring")
            #expect(try decoded(Received.self, try await send(app, .POST, "/decodeonly/orders", form: Forms.orders(count: 12))) == Received(received: 12))
            let baseline = try await send(app, .POST, "/baseline/orders", form: Forms.orders(count: 12))
            #expect(baseline.status == .ok)
            #expect(try decoded(OrderForm.self, baseline) == form)
            let wrong = try await send(app, .POST, "/orders",
                                       form: "order[line_items][0][sku]=A&order[line_items][0][quantity]=two&order[line_items][0][price]=1")
            #expect(wrong.status == .badRequest)
            #expect(try decoded(ErrorBody.self, wrong).key == "order[line_items][0][quantity]")
        }
    }

    @Test func search() async throws {
        try await withApp(configure: configure) { app in
            let response = try await send(app, .GET, "/search?q=swift+nio&page=2&tags%5B%5D=server&tags%5B%5D=linux&sort=new")
            #expect(response.status == .ok)
            let search = try decoded(Search.self, response)
            #expect(search.q == "swift nio" && search.page == 2 && search.tags == ["server", "linux"] && search.sort == "new")
            let empty = try decoded(Search.self, try await send(app, .GET, "/search"))
            #expect(empty.q == "" && empty.page == 1 && empty.tags == [] && empty.sort == nil)
            let wrong = try await send(app, .GET, "/search?page=first")
            #expect(wrong.status == .badRequest)
            #expect(try decoded(ErrorBody.self, wrong).key == "page")
        }
    }

    @Test func form() async throws {
        try await withApp(configure: configure) { app in
            let response = try await send(app, .GET, "/form")
            #expect(response.status == .ok)
            #expect(response.headers.contentType == .urlEncodedForm)
            #expect(response.body.string == "address%5Bcity%5D=London&address%5Bzip%5D=W1J%207NT&email=ada%2Bforms%40example.com"
                + "&name=Ada%20Lovelace&newsletter=1&tags%5B%5D=engines&tags%5B%5D=math")
        }
    }

    /// Hostile bodies on one running server, each answered with its status and text, and the
    /// server still answering a real webhook after each.
    @Test func hostileBodies() async throws {
        try await withApp(configure: configure) { app in
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            func post(_ path: String, _ form: String) async throws -> ClientResponse {
                try await app.client.post(URI(string: "http://127.0.0.1:\(port)\(path)"), headers: formHeaders) { request in
                    request.body = ByteBuffer(string: form)
                }
            }
            func error(_ response: ClientResponse) throws -> ErrorBody {
                try JSONDecoder().decode(ErrorBody.self, from: try #require(response.body))
            }
            let cases: [(name: String, path: String, form: String, status: HTTPResponseStatus, text: String, key: String?)] = [
                ("4 MiB + 1 byte", "/webhook", Forms.tooLong, .payloadTooLarge, "longer than 4194304 bytes", nil),
                ("10^5 brackets deep", "/webhook", Forms.tooDeep, .badRequest, "more than 64 key-path segments", "a"),
                ("10^5 parameters", "/webhook", Forms.tooMany, .badRequest, "more than 10000 name=value pairs", nil),
                ("invalid UTF-8", "/webhook", Forms.invalidUTF8, .badRequest, "Invalid UTF-8 at byte", nil),
                ("a bad escape", "/webhook", "Body=100%", .badRequest, "Invalid percent escape at byte 8", nil),
                ("a conflict", "/orders", Forms.conflict, .badRequest, "line_items", "line_items"),
            ]
            for hostile in cases {
                let response = try await post(hostile.path, hostile.form)
                #expect(response.status == hostile.status, "\(hostile.name)")
                let body = try error(response)
                #expect(body.error.contains(hostile.text), "\(hostile.name): \(body.error)")
                #expect(body.key == hostile.key, "\(hostile.name)")
                let after = try await post("/webhook", Forms.webhook)
                #expect(after.status == .ok, "after \(hostile.name)")
                #expect(try after.content.decode(IncomingSMS.self).From == "+14155551234")
            }
            // Exactly 4 MiB is read (and decoded: this one has no MessageSid).
            let atLimit = try await post("/webhook", String(Forms.tooLong.dropLast()))
            #expect(atLimit.status == .badRequest)
            #expect(try error(atLimit).key == "MessageSid")
            await app.server.shutdown()
        }
    }
}
