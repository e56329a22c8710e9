import Foundation
import Testing

/// The examples of the DocC articles ("Getting Started", "Choosing Options") and the README
/// produce the text they show, on both modules: the documentation cannot drift from the code.
/// Change an example here and in its article together.
struct DocumentedExampleTests {
    private struct Address: Encodable {
        let street: String
        let city: String
    }

    private struct Order: Encodable {
        let id: Int
        let paid: Bool
        let items: [String]
        let address: Address
        let note: String?
        let placedAt: Date
        let receipt: Data
    }

    /// "Getting Started"'s order, without a date or data.
    private struct SimpleOrder: Encodable {
        let id: Int
        let paid: Bool
        let items: [String]
        let address: Address
        let note: String?
    }

    private struct Search: Encodable {
        let query: String
        let tags: [String]
        let page: Int?
    }

    private static let order = Order(id: 7, paid: true, items: ["tea", "milk"],
                                     address: Address(street: "Main St 1", city: "Oslo"), note: nil,
                                     placedAt: Date(timeIntervalSince1970: 1_700_000_000), receipt: Data([1, 2, 3]))

    /// The order's text with the default options, as "Choosing Options" shows it.
    private static let defaultText =
        "address%5Bcity%5D=Oslo&address%5Bstreet%5D=Main%20St%201&id=7&items%5B%5D=milk&items%5B%5D=tea&paid=1&placedAt=721692800.0&receipt=AQID"

    /// The default text with the pairs `old` swapped for `new`, as the article describes each
    /// option by the pairs it changes. (An `old` that is not there leaves the text unchanged,
    /// which no option but the default writes.)
    private static func defaultText(replacing old: String, with new: String) -> String {
        defaultText.replacingOccurrences(of: old, with: new)
    }

    @Test(arguments: Contender.allCases)
    func readmeAndModuleOverviewSearch(contender: Contender) {
        #expect(contender.outcome(Search(query: "swift nio", tags: ["server", "linux"], page: nil))
            == .output("query=swift%20nio&tags%5B%5D=linux&tags%5B%5D=server"))
        #expect(contender.outcome(Search(query: "a+b", tags: [], page: 2)) == .output("page=2&query=a%2Bb"))
    }

    @Test(arguments: Contender.allCases)
    func gettingStartedOrder(contender: Contender) {
        let order = SimpleOrder(id: 7, paid: true, items: ["tea", "milk"], address: Address(street: "Main St 1", city: "Oslo"), note: nil)
        #expect(contender.outcome(order)
            == .output("address%5Bcity%5D=Oslo&address%5Bstreet%5D=Main%20St%201&id=7&items%5B%5D=milk&items%5B%5D=tea&paid=1"))
    }

    @Test(arguments: Contender.allCases)
    func choosingOptionsExamples(contender: Contender) {
        func text(_ options: FormOptions) -> Outcome { contender.outcome(Self.order, options) }
        #expect(text(FormOptions()) == .output(Self.defaultText))
        #expect(text(FormOptions(alphabetizeKeyValuePairs: false)) == .output(
            "id=7&paid=1&items%5B%5D=tea&items%5B%5D=milk&address%5Bstreet%5D=Main%20St%201&address%5Bcity%5D=Oslo&placedAt=721692800.0&receipt=AQID"))

        let items = "items%5B%5D=milk&items%5B%5D=tea"
        #expect(text(FormOptions(arrayEncoding: .noBrackets)) == .output(Self.defaultText(replacing: items, with: "items=milk&items=tea")))
        #expect(text(FormOptions(arrayEncoding: .indexInBrackets))
            == .output(Self.defaultText(replacing: items, with: "items%5B0%5D=tea&items%5B1%5D=milk")))
        #expect(text(FormOptions(arrayEncoding: .custom { key, index in "\(key).\(index)" }))
            == .output(Self.defaultText(replacing: items, with: "items.0=tea&items.1=milk")))

        #expect(text(FormOptions(boolEncoding: .literal)) == .output(Self.defaultText(replacing: "paid=1", with: "paid=true")))
        #expect(text(FormOptions(dataEncoding: .deferredToData))
            == .output(Self.defaultText(replacing: "receipt=AQID", with: "receipt%5B%5D=1&receipt%5B%5D=2&receipt%5B%5D=3")))
        let placedAt = "placedAt=721692800.0"
        #expect(text(FormOptions(dateEncoding: .secondsSince1970)) == .output(Self.defaultText(replacing: placedAt, with: "placedAt=1700000000.0")))
        #expect(text(FormOptions(dateEncoding: .millisecondsSince1970))
            == .output(Self.defaultText(replacing: placedAt, with: "placedAt=1700000000000.0")))
        #expect(text(FormOptions(dateEncoding: .iso8601))
            == .output(Self.defaultText(replacing: placedAt, with: "placedAt=2023-11-14T22%3A13%3A20Z")))

        #expect(text(FormOptions(keyEncoding: .convertToSnakeCase)) == .output(Self.defaultText(replacing: "placedAt", with: "placed_at")))
        #expect(text(FormOptions(keyEncoding: .capitalized)) == .output(
            "Address%5Bcity%5D=Oslo&Address%5Bstreet%5D=Main%20St%201&Id=7&Items%5B%5D=milk&Items%5B%5D=tea&Paid=1&PlacedAt=721692800.0&Receipt=AQID"))
        let address = "address%5Bcity%5D=Oslo&address%5Bstreet%5D=Main%20St%201"
        #expect(text(FormOptions(keyPathEncoding: .dots)) == .output(Self.defaultText(replacing: address, with: "address.city=Oslo&address.street=Main%20St%201")))
        #expect(text(FormOptions(keyPathEncoding: .custom { ":" + $0 }))
            == .output(Self.defaultText(replacing: address, with: "address%3Acity=Oslo&address%3Astreet=Main%20St%201")))

        #expect(text(FormOptions(nilEncoding: .dropValue)) == .output(Self.defaultText(replacing: "&paid", with: "&note=&paid")))
        #expect(text(FormOptions(nilEncoding: .null)) == .output(Self.defaultText(replacing: "&paid", with: "&note=null&paid")))
        #expect(text(FormOptions(nilEncoding: .custom { "none" })) == .output(Self.defaultText(replacing: "&paid", with: "&note=none&paid")))
        #expect(text(FormOptions(spaceEncoding: .plusReplaced)) == .output(Self.defaultText(replacing: "Main%20St%201", with: "Main+St+1")))
    }

    /// "Choosing Options", Sorting: `sortsArrayElements`, an option of the optimized module only.
    @Test func choosingOptionsArraysInOrder() throws {
        #expect(try OptimizedAdapter.encode(Self.order, FormOptions(), sortsArrayElements: false)
            == "address%5Bcity%5D=Oslo&address%5Bstreet%5D=Main%20St%201&id=7&items%5B%5D=tea&items%5B%5D=milk&paid=1&placedAt=721692800.0&receipt=AQID")
    }
}
