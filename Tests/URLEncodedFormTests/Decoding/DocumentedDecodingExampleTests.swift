import Foundation
import Testing
import URLEncodedForm

/// The examples of the README's "Decoding forms" (and the DocC article "Decoding Forms") give
/// what they show.
struct DocumentedDecodingExampleTests {
    private struct IncomingSMS: Decodable, Equatable {
        let From: String
        let Body: String
        let NumMedia: Int
    }

    @Test func readmeWebhook() throws {
        let body = Array("From=%2B14155551234&Body=Hi+there%21&NumMedia=0".utf8)
        let sms = try URLEncodedFormDecoder().decode(IncomingSMS.self, from: body)
        #expect(sms == IncomingSMS(From: "+14155551234", Body: "Hi there!", NumMedia: 0))
    }

    private struct Signup: Decodable, Equatable {
        let email: String
        let topics: [String]
        let newsletter: Bool
        let interests: [String]
    }

    @Test func readmeCheckboxes() throws {
        let signup = try URLEncodedFormDecoder().decode(Signup.self, from: "email=ann%40example.com&topics=swift&topics=nio&newsletter=on")
        #expect(signup == Signup(email: "ann@example.com", topics: ["swift", "nio"], newsletter: true, interests: []))
    }

    private struct Address: Decodable, Equatable { let city: String }
    private struct User: Decodable, Equatable { let name: String; let addresses: [Address]; let tags: [String] }
    private struct Registration: Decodable, Equatable { let user: User }

    @Test func readmeRailsStyleForm() throws {
        let form = "user[name]=Ada&user[addresses][1][city]=Paris&user[addresses][0][city]=London&user[tags][]=math&user[tags][]=engines"
        let registration = try URLEncodedFormDecoder().decode(Registration.self, from: form)
        #expect(registration == Registration(user: User(name: "Ada", addresses: [Address(city: "London"), Address(city: "Paris")],
                                                        tags: ["math", "engines"])))
    }

    @Test func readmeParametersReEncode() throws {
        let parameters = try URLEncodedFormDecoder().parameters(from: "a[]=1&a[]=2&b[x]=y&c=1&c=2")
        #expect(Form(parameters) == .hash(["a": .array([.value("1"), .value("2")]), "b": .hash(["x": .value("y")]), "c": .value("2")]))
        let query: String = try URLEncoding.default.encode(parameters)
        #expect(query == "a%5B%5D=1&a%5B%5D=2&b%5Bx%5D=y&c=2")
    }

    private func status(of error: any Error) -> Int {
        guard case let DecodingError.dataCorrupted(context) = error,
              let formError = context.underlyingError as? URLEncodedFormDecoder.Error else { return 422 }
        return [.inputTooLong, .tooManyParameters].contains(formError.code) ? 413 : 400
    }

    @Test func readmeStatusMapping() {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 2))
        func statusOf(_ form: String) -> Int? {
            do {
                _ = try decoder.decode(IncomingSMS.self, from: form)
                return nil
            } catch {
                return status(of: error)
            }
        }
        #expect(statusOf("a&b&c") == 413)
        #expect(statusOf("From=%ZZ") == 400)
        #expect(statusOf("From=x") == 422)
    }
}
