import Foundation

/// The suite's own payloads, generated from fixed seeds at the run's sizes (leaves), and their
/// variants from seeds derived from those (the webhook's: other messages), registered
/// through `FormBenchSuite.register` as a user's generated payloads are, with the few settings
/// only they need: the webhook's one size, the wide payload's keys read back without brackets,
/// and the catalog's option strategies beside the same records as parameters.
extension FormBenchSuite {
    /// The built-in suite: what `formbench` runs without `--payload`.
    static var builtIn: FormBenchSuite {
        var suite = FormBenchSuite()
        suite.register(PayloadKind.catalog.rawValue,
                       summary: "records[] of nested objects, arrays, numbers, bools, a Date, a Data, an Optional, mixed-script text",
                       generatedBy: { CatalogPayload(leaves: $0, variant: $1) })
        suite.modify(.catalog) { source in
            source.origin = .builtIn
            source.strategySize = { $0.strategyLeaves }
            source.parametersCounterpart = .parameters
        }
        suite.register(PayloadKind.wide.rawValue,
                       summary: "one flat [String: String], a key per leaf, keys and values of mixed-script text",
                       generatedBy: { WidePayload.make(leaves: $0, variant: $1) })
        suite.modify(.wide) { source in
            source.decodingInput = { value in
                guard case let .encodable(wide as [String: String]) = value else {
                    throw UnsupportedPayload(contender: "the decoders", kind: .wide)
                }
                return try DecodingInput(WidePayload.withoutBrackets(wide), kind: .wide)
            }
        }
        suite.register(PayloadKind.deep.rawValue,
                       summary: "chains of objects nested \(DeepPayload.depth) levels deep, a text leaf per level",
                       generatedBy: { DeepPayload(leaves: $0, variant: $1) })
        suite.register(PayloadKind.strings.rawValue,
                       summary: "texts[] of \(StringsPayload.words.lowerBound)–\(StringsPayload.words.upperBound) words of CJK, emoji, combining marks and reserved characters",
                       generatedBy: { StringsPayload(leaves: $0, variant: $1) })
        suite.register(PayloadKind.parameters.rawValue,
                       summary: "the catalog's records as a [String: Any] dictionary (nested dictionaries and arrays, numbers, Booleans, mixed-script text) through URLEncoding",
                       parametersGeneratedBy: { ParametersPayload.make(leaves: $0, variant: $1) })
        suite.register(PayloadKind.webhook.rawValue,
                       summary: "one flat form of \(WebhookPayload.leaves) fields (strings and integers), as a Twilio webhook posts it",
                       generatedBy: { _, variant in WebhookPayload.variant(variant) })
        for kind in [PayloadKind.wide, .deep, .strings, .parameters, .webhook] {
            suite.modify(kind) { source in
                source.origin = .builtIn
                source.strategySize = nil
            }
        }
        suite.modify(.webhook) { $0.fixedSize = WebhookPayload.leaves }
        return suite
    }

    /// Changes the registered source of `kind`.
    private mutating func modify(_ kind: PayloadKind, _ change: (inout PayloadSource) -> Void) {
        guard let index = sources.firstIndex(where: { $0.kind == kind }) else { return }
        change(&sources[index])
    }
}
