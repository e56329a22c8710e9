// Every route over real HTTP: the server runs on 127.0.0.1 (Hummingbird's live test framework),
// and the requests go through its HTTP client, one connection for the whole test.
import FormPayloads
import FormSamples
import FormRoutes
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

private let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded; charset=utf-8"]

/// Runs `test` against a live server on 127.0.0.1.
private func withLiveServer(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    try await buildApplication(host: "127.0.0.1", port: 0).test(.live, test)
}

private func post(_ client: any TestClientProtocol, _ path: String, _ form: String) async throws -> TestResponse {
    try await client.execute(uri: path, method: .post, headers: formHeaders, body: ByteBuffer(string: form))
}

private func decoded<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(buffer: response.body))
}

private struct ErrorBody: Decodable { var error: String; var key: String? }

@Suite("Hummingbird server over HTTP")
struct ServerTests {
    @Test func webhook() async throws {
        try await withLiveServer { client in
            let response = try await post(client, "/webhook", Forms.webhook)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let sms = try decoded(IncomingSMS.self, response)
            #expect(sms.From == "+14155551234")
            #expect(sms.To == "+14155550100")
            #expect(sms.Body == "Hi there! Table for 2 at 7:30pm? 🍝")
            #expect(sms.ToCity == "SAN FRANCISCO")
            #expect(sms.NumMedia == 0 && sms.NumSegments == 1)
            #expect(sms.AccountSid == "AC0123456789abcdef0123456789abcdef")
            // Hummingbird's own decoder reads the same value.
            let baseline = try await post(client, "/baseline/webhook", Forms.webhook)
            #expect(baseline.status == .ok)
            #expect(try decoded(IncomingSMS.self, baseline) == sms)
            let nodecode = try await post(client, "/nodecode/webhook", Forms.webhook)
            #expect(try decoded(Received.self, nodecode) == Received(received: Forms.webhook.utf8.count))
            // JSON still goes to JSONDecoder.
            let json = try await client.execute(uri: "/webhook", method: .post, headers: [.contentType: "application/json"],
                                                body: ByteBuffer(bytes: try JSONEncoder().encode(sms)))
            #expect(try decoded(IncomingSMS.self, json) == sms)
        }
    }

    @Test func signup() async throws {
        try await withLiveServer { client in
            let checked = try decoded(Signup.self, try await post(client, "/signup", Forms.signup))
            #expect(checked == Signup(email: "ann@example.com", name: "Ann Müller", interests: ["swift", "server side"],
                                      newsletter: true, terms: false))
            let unchecked = try decoded(Signup.self, try await post(client, "/signup", Forms.signupUnchecked))
            #expect(unchecked == Signup(email: "bob@example.com", name: "Bob", interests: [], newsletter: false, terms: false))
            let rails = try decoded(Signup.self, try await post(client, "/signup", Forms.signupRails))
            #expect(rails == Signup(email: "cy@example.com", name: "Cy", interests: ["nio"], newsletter: true, terms: false))
            let missing = try await post(client, "/signup", "name=Dee")
            #expect(missing.status == .badRequest)
            #expect(try decoded(ErrorBody.self, missing).key == "email")
        }
    }

    @Test func orders() async throws {
        try await withLiveServer { client in
            let response = try await post(client, "/orders", Forms.orders(count: 12))
            #expect(response.status == .ok)
            let form = try decoded(OrderForm.self, response)
            #expect(form.order.customer == Customer(name: "Ann Müller", email: "ann@example.com"))
            #expect(form.order.line_items.map(\.sku) == (0..<12).map { "SKU-\($0)/red" })   // by number: 0, 1, 2, …, 10, 11
            #expect(form.order.line_items[10] == LineItem(sku: "SKU-10/red", quantity: 1, price: Decimal(string: "10.99")!))
            #expect(form.order.note == "Leave at the door & ring")
            #expect(try decoded(Received.self, try await post(client, "/decodeonly/orders", Forms.orders(count: 12))) == Received(received: 12))
            let wrong = try await post(client, "/orders",
                                       "order[line_items][0][sku]=A&order[line_items][0][quantity]=two&order[line_items][0][price]=1")
            #expect(wrong.status == .badRequest)
            #expect(try decoded(ErrorBody.self, wrong).key == "order[line_items][0][quantity]")
        }
    }

    @Test func search() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/search?q=swift+nio&page=2&tags%5B%5D=server&tags%5B%5D=linux&sort=new", method: .get)
            #expect(response.status == .ok)
            let search = try decoded(Search.self, response)
            #expect(search.q == "swift nio" && search.page == 2 && search.tags == ["server", "linux"] && search.sort == "new")
            let empty = try decoded(Search.self, try await client.execute(uri: "/search", method: .get))
            #expect(empty.q == "" && empty.page == 1 && empty.tags == [] && empty.sort == nil)
            let wrong = try await client.execute(uri: "/search?page=first", method: .get)
            #expect(wrong.status == .badRequest)
            #expect(try decoded(ErrorBody.self, wrong).key == "page")
        }
    }

    @Test func form() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/form", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-www-form-urlencoded; charset=utf-8")
            #expect(String(buffer: response.body) == "address%5Bcity%5D=London&address%5Bzip%5D=W1J%207NT&email=ada%2Bforms%40example.com"
                + "&name=Ada%20Lovelace&newsletter=1&tags%5B%5D=engines&tags%5B%5D=math")
        }
    }

    /// Hostile bodies on one live server, each answered with its status and text, and the server
    /// still answering a real webhook after each.
    @Test func hostileBodies() async throws {
        let cases: [(name: String, path: String, form: String, status: HTTPResponse.Status, text: String, key: String?)] = [
            ("4 MiB + 1 byte", "/webhook", Forms.tooLong, .contentTooLarge, "longer than 4194304 bytes", nil),
            ("10^5 brackets deep", "/webhook", Forms.tooDeep, .badRequest, "more than 64 key-path segments", "a"),
            ("10^5 parameters", "/webhook", Forms.tooMany, .badRequest, "more than 10000 name=value pairs", nil),
            ("invalid UTF-8", "/webhook", Forms.invalidUTF8, .badRequest, "Invalid UTF-8 at byte", nil),
            ("a bad escape", "/webhook", "Body=100%", .badRequest, "Invalid percent escape at byte 8", nil),
            ("a conflict", "/orders", Forms.conflict, .badRequest, "line_items", "line_items"),
        ]
        try await withLiveServer { client in
            for hostile in cases {
                let response = try await post(client, hostile.path, hostile.form)
                #expect(response.status == hostile.status, "\(hostile.name)")
                let body = try decoded(ErrorBody.self, response)
                #expect(body.error.contains(hostile.text), "\(hostile.name): \(body.error)")
                #expect(body.key == hostile.key, "\(hostile.name)")
                let after = try await post(client, "/webhook", Forms.webhook)
                #expect(after.status == .ok, "after \(hostile.name)")
                #expect(try decoded(IncomingSMS.self, after).From == "+14155551234")
            }
            // Exactly 4 MiB is read (and decoded: this one has no MessageSid).
            let atLimit = try await post(client, "/webhook", String(Forms.tooLong.dropLast()))
            #expect(atLimit.status == .badRequest)
            #expect(try decoded(ErrorBody.self, atLimit).key == "MessageSid")
        }
    }
}
