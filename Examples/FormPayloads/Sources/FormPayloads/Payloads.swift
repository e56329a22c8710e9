// The values the routes decode, one definition for the server, its baseline routes and its tests.
// Framework-free: both examples use it.
import Foundation

/// Twilio's inbound-SMS webhook (`POST /webhook`): the form Twilio posts for each message.
/// Twilio leaves out the geographic fields it cannot look up, so they are optional.
public struct IncomingSMS: Codable, Equatable, Sendable {
    public var MessageSid: String
    public var SmsSid: String
    public var SmsMessageSid: String
    public var AccountSid: String
    public var From: String
    public var To: String
    public var Body: String
    public var NumMedia: Int
    public var NumSegments: Int
    public var SmsStatus: String
    public var ApiVersion: String
    public var FromCity: String?
    public var FromState: String?
    public var FromZip: String?
    public var FromCountry: String?
    public var ToCity: String?
    public var ToState: String?
    public var ToZip: String?
    public var ToCountry: String?
}

/// An HTML sign-up form (`POST /signup`), read as a browser sends it: a checkbox group
/// `interests[]` sends nothing when none is checked, and a lone checkbox sends `on` when checked
/// and nothing otherwise.
public struct Signup: Codable, Equatable, Sendable {
    public var email: String
    public var name: String
    public var interests: [String]
    public var newsletter: Bool
    public var terms: Bool

    public init(email: String, name: String, interests: [String], newsletter: Bool, terms: Bool) {
        (self.email, self.name, self.interests, self.newsletter, self.terms) = (email, name, interests, newsletter, terms)
    }

    public init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: CodingKeys.self)
        email = try form.decode(String.self, forKey: .email)
        name = try form.decodeIfPresent(String.self, forKey: .name) ?? ""
        interests = try form.decodeIfPresent([String].self, forKey: .interests) ?? []   // none checked
        newsletter = try form.decodeIfPresent(Bool.self, forKey: .newsletter) ?? false    // unchecked
        terms = try form.decodeIfPresent(Bool.self, forKey: .terms) ?? false
    }
}

/// A Rails nested order (`POST /orders`): `order[customer][name]=…&order[line_items][0][sku]=…`,
/// indices in any order.
public struct OrderForm: Codable, Equatable, Sendable {
    public var order: Order
}

public struct Order: Codable, Equatable, Sendable {
    public var customer: Customer?
    public var line_items: [LineItem]
    public var note: String?
}

public struct Customer: Codable, Equatable, Sendable {
    public var name: String?
    public var email: String?

    public init(name: String?, email: String?) { (self.name, self.email) = (name, email) }
}

public struct LineItem: Codable, Equatable, Sendable {
    public var sku: String
    public var quantity: Int
    public var price: Decimal

    public init(sku: String, quantity: Int, price: Decimal) { (self.sku, self.quantity, self.price) = (sku, quantity, price) }
}

/// A search query string (`GET /search?q=swift+nio&page=2&tags[]=server`); every field has a default.
public struct Search: Codable, Equatable, Sendable {
    public var q: String
    public var page: Int
    public var tags: [String]
    public var sort: String?

    public init(from decoder: any Decoder) throws {
        let query = try decoder.container(keyedBy: CodingKeys.self)
        q = try query.decodeIfPresent(String.self, forKey: .q) ?? ""
        page = try query.decodeIfPresent(Int.self, forKey: .page) ?? 1
        tags = try query.decodeIfPresent([String].self, forKey: .tags) ?? []
        sort = try query.decodeIfPresent(String.self, forKey: .sort)
    }
}

/// What `GET /form` answers, encoded as a form.
public struct Profile: Codable, Equatable, Sendable {
    public struct Address: Codable, Equatable, Sendable {
        public var city: String
        public var zip: String
    }

    public var name: String
    public var email: String
    public var tags: [String]
    public var address: Address
    public var newsletter: Bool

    public static let sample = Profile(name: "Ada Lovelace", email: "ada+forms@example.com", tags: ["math", "engines"],
                                       address: Address(city: "London", zip: "W1J 7NT"), newsletter: true)
}

/// What `/nodecode/…` answers: the body's length, read without decoding it.
public struct Received: Codable, Equatable, Sendable {
    public var received: Int
    public init(received: Int) { self.received = received }
}
