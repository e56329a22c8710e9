import Foundation
import Testing
import URLEncodedForm

/// The README's recipes ("Recipes"): each encoder as the README spells it, on a payload of the
/// kind the API takes, with the text worked out by hand from the rules (keys sorted as escaped
/// text, arrays in index order, the recipe's escaping). Change a recipe here and in the README
/// together.
struct RecipeTests {
    // MARK: Stripe

    private struct CheckoutSession: Encodable {
        struct LineItem: Encodable {
            let price: String
            let quantity: Int
        }

        let mode: String
        let lineItems: [LineItem]
        let metadata: [String: String]
        let allowPromotionCodes: Bool
        let expiresAt: Date
        let successURL: String

        enum CodingKeys: String, CodingKey {
            case mode, metadata
            case lineItems = "line_items", allowPromotionCodes = "allow_promotion_codes"
            case expiresAt = "expires_at", successURL = "success_url"
        }
    }

    /// The README's Stripe encoder.
    private static let stripe = URLEncodedFormEncoder(
        sortsArrayElements: false,
        arrayEncoding: .indexInBrackets,
        boolEncoding: .literal,
        dateEncoding: .custom { date in
            guard let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)) else {
                throw EncodingError.invalidValue(date, .init(codingPath: [], debugDescription: "no Unix time"))
            }
            return String(seconds)
        },
        allowedCharacters: CharacterSet.afURLQueryAllowed.union(CharacterSet(charactersIn: "[]")))

    /// Twelve line items: past ten, sorting would put `line_items[10]` before `line_items[1]`.
    private static let checkout = CheckoutSession(
        mode: "payment",
        lineItems: (0..<12).map { CheckoutSession.LineItem(price: "price_\($0)", quantity: $0 % 3 + 1) },
        metadata: ["order_id": "6735", "source": "web shop"],
        allowPromotionCodes: true,
        expiresAt: Date(timeIntervalSince1970: 1_700_003_600.75),
        successURL: "https://example.com/success?session_id={CHECKOUT_SESSION_ID}")

    private static func lineItems(_ order: [Int]) -> String {
        order.map { "line_items[\($0)][price]=price_\($0)&line_items[\($0)][quantity]=\($0 % 3 + 1)" }.joined(separator: "&")
    }

    @Test func stripeTakesIndexedItemsInOrderLiteralBracketsBoolsAndWholeSeconds() throws {
        let expected = "allow_promotion_codes=true&expires_at=1700003600&" + Self.lineItems(Array(0..<12))
            + "&metadata[order_id]=6735&metadata[source]=web%20shop&mode=payment"
            + "&success_url=https%3A//example.com/success?session_id%3D%7BCHECKOUT_SESSION_ID%7D"
        #expect(try Self.stripe.encode(Self.checkout) as String == expected)
    }

    @Test func stripeItemsWouldBeOutOfOrderIfArraysWereSorted() throws {
        // The same options with Alamofire's sorting: "]" (0x5D) sorts after "0" and "1".
        let sorting = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, boolEncoding: .literal,
                                            allowedCharacters: Self.stripe.allowedCharacters)
        let text: String = try sorting.encode(["line_items": Self.checkout.lineItems])
        #expect(text == Self.lineItems([0, 10, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
    }

    @Test func secondsSince1970WritesADoublesText() throws {
        // Why the Stripe recipe writes its own seconds.
        let encoder = URLEncodedFormEncoder(dateEncoding: .secondsSince1970)
        #expect(try encoder.encode(["t": Date(timeIntervalSince1970: 1_700_000_000)]) as String == "t=1700000000.0")
    }

    // MARK: Twilio

    private struct Message: Encodable {
        let to: String
        let from: String
        let body: String
        let mediaUrl: [String]
    }

    /// The README's Twilio encoder.
    private static let twilio = URLEncodedFormEncoder(sortsArrayElements: false, arrayEncoding: .noBrackets,
                                                      keyEncoding: .capitalized, spaceEncoding: .plusReplaced)

    @Test func twilioTakesRepeatedKeysInOrderAndEscapedPlusSigns() throws {
        let message = Message(to: "+14155552671", from: "+15005550006", body: "Your code is 123 456",
                              mediaUrl: ["https://demo.twilio.com/owl.png", "https://demo.twilio.com/logo.png"])
        let expected = "Body=Your+code+is+123+456&From=%2B15005550006"
            + "&MediaUrl=https%3A//demo.twilio.com/owl.png&MediaUrl=https%3A//demo.twilio.com/logo.png&To=%2B14155552671"
        #expect(try Self.twilio.encode(message) as String == expected)
    }

    // MARK: Rails and Rack

    private struct Post: Encodable {
        let title: String
        let tagIDs: [Int]

        enum CodingKeys: String, CodingKey {
            case title
            case tagIDs = "tag_ids"
        }
    }

    private struct Order: Encodable {
        struct Item: Encodable {
            let productID: Int
            let quantity: Int

            enum CodingKeys: String, CodingKey {
                case productID = "product_id", quantity
            }
        }

        let note: String
        let items: [Item]

        enum CodingKeys: String, CodingKey {
            case note
            case items = "line_items_attributes"
        }
    }

    /// The README's Rails encoders: arrays of values, and arrays of objects.
    private static let rails = URLEncodedFormEncoder(sortsArrayElements: false)
    private static let railsNested = URLEncodedFormEncoder(sortsArrayElements: false, arrayEncoding: .indexInBrackets)

    @Test func railsTakesBracketedValuesInOrder() throws {
        let text: String = try Self.rails.encode(["post": Post(title: "Hello", tagIDs: [3, 1, 2])])
        #expect(text == "post%5Btag_ids%5D%5B%5D=3&post%5Btag_ids%5D%5B%5D=1&post%5Btag_ids%5D%5B%5D=2&post%5Btitle%5D=Hello")
    }

    @Test func railsTakesIndexedObjectsInOrder() throws {
        let order = Order(note: "Leave at door", items: (0..<11).map { Order.Item(productID: 100 + $0, quantity: 1 + $0 % 2) })
        let items = (0..<11).map { index in
            "order%5Bline_items_attributes%5D%5B\(index)%5D%5Bproduct_id%5D=\(100 + index)"
                + "&order%5Bline_items_attributes%5D%5B\(index)%5D%5Bquantity%5D=\(1 + index % 2)"
        }
        let text: String = try Self.railsNested.encode(["order": order])
        #expect(text == items.joined(separator: "&") + "&order%5Bnote%5D=Leave%20at%20door")
    }

    // MARK: PHP

    private struct User: Encodable {
        let name: String
        let roles: [String]
    }

    private struct Form: Encodable {
        let page: Int
        let user: User
    }

    /// The README's PHP encoder.
    private static let php = URLEncodedFormEncoder(sortsArrayElements: false, spaceEncoding: .plusReplaced)

    @Test func phpTakesNestedBracketsInOrderAndPlusForSpaces() throws {
        let form = Form(page: 2, user: User(name: "Ana María", roles: ["editor", "admin"]))
        let expected = "page=2&user%5Bname%5D=Ana+Mar%C3%ADa&user%5Broles%5D%5B%5D=editor&user%5Broles%5D%5B%5D=admin"
        #expect(try Self.php.encode(form) as String == expected)
    }

    // MARK: OAuth 1.0a

    /// The request parameters of RFC 5849's example (section 3.4.1.3), decoded, with the
    /// protocol parameters.
    private struct SignedParameters: Encodable {
        let b5: String
        let a3: [String]
        let cAt: String
        let a2: String
        let c2: String
        let consumerKey, token, signatureMethod, timestamp, nonce: String

        enum CodingKeys: String, CodingKey {
            case b5, a3, a2, c2
            case cAt = "c@"
            case consumerKey = "oauth_consumer_key", token = "oauth_token", signatureMethod = "oauth_signature_method"
            case timestamp = "oauth_timestamp", nonce = "oauth_nonce"
        }
    }

    /// The README's OAuth 1.0a encoder: RFC 3986's unreserved characters only.
    private static let oauth = URLEncodedFormEncoder(
        arrayEncoding: .noBrackets,
        allowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))

    @Test func oauthNormalizesRFC5849sExampleParameters() throws {
        let parameters = SignedParameters(b5: "=%3D", a3: ["a", "2 q"], cAt: "", a2: "r b", c2: "",
                                          consumerKey: "9djdj82h48djs9d2", token: "kkk9d7dh3k39sjv7",
                                          signatureMethod: "HMAC-SHA1", timestamp: "137131201", nonce: "7d8f3e4a")
        // RFC 5849, section 3.4.1.3.2, verbatim.
        let expected = "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2"
            + "&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7"
        #expect(try Self.oauth.encode(parameters) as String == expected)
    }

    @Test func oauthNameFollowedByADigitSortsBeforeItsPrefix() throws {
        // The recipe's limit: OAuth sorts names first ("a" before "a1"); the encoder sorts whole
        // pairs, and "1" (0x31) comes before "=" (0x3D).
        #expect(try Self.oauth.encode(["a": "1", "a1": "2"]) as String == "a1=2&a=1")
    }
}
