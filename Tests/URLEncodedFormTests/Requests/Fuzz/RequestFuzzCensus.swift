import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The risky shapes a request case contains, found by walking its request, call and parameters.
/// The coverage test uses it to prove the generator produces each of them often; it judges the
/// generated data, not what a module does with it. (The encoder's own traps in the values of
/// `URLEncodedFormParameterEncoder` cases are `FuzzCensus`'s.)
struct RequestFuzzCensus {
    enum Feature: Hashable, CustomStringConvertible {
        case method(String)
        case url(FuzzURLShape)
        /// A method Foundation reads back as it was set, lower case included (`patch`, `Query`).
        case methodReadBackInItsOwnCase
        case existingContentType
        /// An existing `Content-Type` spelled in another case than `Content-Type`.
        case contentTypeInAnotherCase
        case emptyContentType
        /// One header name set twice, in two spellings.
        case headerSetTwice
        case otherHeader
        case urlEncoding(RequestDestination)
        case parameterEncoder(RequestDestination)
        case afSerializer
        /// An `AFHTTPRequestSerializer` whose methods for the URI are not the default.
        case afMethodsEncodingParametersInURI
        case afQueryBlock(String)
        /// AFNetworking parameters that are not a dictionary.
        case afParametersNotADictionary
        case arrayEncoding(String)
        case literalBools
        case nilParameters
        case emptyParameters
        /// Parameters of which no value writes a pair: empty containers only.
        case parametersWritingNothing
        /// Two top-level keys Swift's `<` cannot order (`"e\u{301}"`, `"\u{E9}a"`).
        case unorderedTopLevelKeys
        /// Such keys in a dictionary with spare capacity, laid out unlike its `[String: Any]` copy.
        case unorderedTopLevelKeysWithSpareCapacity
        /// A `maximumDepth` the parameters' nesting passes.
        case depthLimitReached
        /// A value five keys deep (a top-level value is one deep).
        case depthFive
        case nilEncodableValue
        /// A value whose root is not keyed, which the encoder rejects (or, empty, writes as "").
        case nonKeyedRoot
        case value(ValueKind)
        case text(TextKind)

        var description: String {
            switch self {
            case let .method(method): return "method \(FuzzStrings.literal(method))"
            case let .url(shape): return "url \(shape.rawValue)"
            case .methodReadBackInItsOwnCase: return "methodReadBackInItsOwnCase"
            case .existingContentType: return "existingContentType"
            case .contentTypeInAnotherCase: return "contentTypeInAnotherCase"
            case .emptyContentType: return "emptyContentType"
            case .headerSetTwice: return "headerSetTwice"
            case .otherHeader: return "otherHeader"
            case let .urlEncoding(destination): return "URLEncoding \(destination.rawValue)"
            case let .parameterEncoder(destination): return "parameterEncoder \(destination.rawValue)"
            case .afSerializer: return "afSerializer"
            case .afMethodsEncodingParametersInURI: return "afMethodsEncodingParametersInURI"
            case let .afQueryBlock(name): return "afQueryBlock \(name)"
            case .afParametersNotADictionary: return "afParametersNotADictionary"
            case let .arrayEncoding(name): return "arrayEncoding \(name)"
            case .literalBools: return "literalBools"
            case .nilParameters: return "nilParameters"
            case .emptyParameters: return "emptyParameters"
            case .parametersWritingNothing: return "parametersWritingNothing"
            case .unorderedTopLevelKeys: return "unorderedTopLevelKeys"
            case .unorderedTopLevelKeysWithSpareCapacity: return "unorderedTopLevelKeysWithSpareCapacity"
            case .depthLimitReached: return "depthLimitReached"
            case .depthFive: return "depthFive"
            case .nilEncodableValue: return "nilEncodableValue"
            case .nonKeyedRoot: return "nonKeyedRoot"
            case let .value(kind): return "value \(kind.rawValue)"
            case let .text(kind): return "text \(kind.rawValue)"
            }
        }

        static var allCases: [Feature] {
            FuzzRequest.methods.map(Feature.method) + FuzzURLShape.allCases.map(Feature.url)
                + [.methodReadBackInItsOwnCase, .existingContentType, .contentTypeInAnotherCase, .emptyContentType, .headerSetTwice,
                   .otherHeader]
                + [RequestDestination.methodDependent, .queryString, .httpBody].flatMap { [Feature.urlEncoding($0), .parameterEncoder($0)] }
                + FuzzURLEncodingOptions.arrayEncodings.map { .arrayEncoding($0.0) }
                + [.afSerializer, .afMethodsEncodingParametersInURI, .afParametersNotADictionary]
                + FuzzAFSerializerOptions.queryBlocks.map { .afQueryBlock($0.0) }
                + [.literalBools, .nilParameters, .emptyParameters, .parametersWritingNothing, .unorderedTopLevelKeys,
                   .unorderedTopLevelKeysWithSpareCapacity, .depthLimitReached, .depthFive,
                   .nilEncodableValue, .nonKeyedRoot]
                + ValueKind.allCases.map(Feature.value) + TextKind.allCases.map(Feature.text)
        }
    }

    /// The kinds of `Parameters` values the request layer tells apart, each trap its own kind.
    enum ValueKind: String, CaseIterable {
        case nestedDictionaryOfSeveralKeys, emptyDictionary, anyArray, emptyArray, stringArray, intArray, int8Array,
             dictionaryArray, typedDictionary, emptyTypedDictionary, nsDictionary, nsArray, stringSet, intSet,
             stringSetOfMany, intKeyedDictionary
        case int, int8Number, int8Boolean, int8Minimum, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uint64Maximum
        case double, doubleNaN, doubleInfinity, doubleNegativeZero, doublePointOnePlusPointTwo, double1e16, double1eMinus7, float
        case bool, nsNumberBool, nsNumberInt, nsNumberDouble, nsNumberInt8, decimal, nsNull, date, data, string
        case optionalSome, optionalNone, nestedOptional, optionalContainer
    }

    /// What a key or string value holds: the characters escaping and sorting get wrong.
    enum TextKind: String, CaseIterable {
        case reservedCharacter, percentSign, plusSign, space, controlCharacter, nonLatinScript, emoji, combiningMark
        /// Two canonically equivalent, differently spelled strings in one case.
        case equivalentSpellings
        /// A key in brackets, or a key that is itself empty.
        case bracketedKey, emptyKey
    }

    private(set) var features: Set<Feature> = []
    private var texts: [String] = []

    init(_ fuzzCase: RequestFuzzCase) {
        let request = fuzzCase.request
        features.insert(.method(request.method))
        features.insert(.url(request.url))
        let readBack = request.make().httpMethod ?? ""
        if readBack == request.method, request.method.contains(where: \.isLowercase) {
            features.insert(.methodReadBackInItsOwnCase)
        }
        let contentTypes = request.headers.filter { $0.name.lowercased() == "content-type" }
        if !contentTypes.isEmpty { features.insert(.existingContentType) }
        if contentTypes.contains(where: { $0.name != "Content-Type" }) { features.insert(.contentTypeInAnotherCase) }
        if contentTypes.last?.value == "" { features.insert(.emptyContentType) }
        if Set(request.headers.map { $0.name.lowercased() }).count < request.headers.count { features.insert(.headerSetTwice) }
        if request.headers.contains(where: { $0.name.lowercased() != "content-type" }) { features.insert(.otherHeader) }
        switch fuzzCase.call {
        case let .urlEncoding(parameters, options):
            features.insert(.urlEncoding(options.options.destination))
            if let choice = options.choices.first(where: { $0.hasPrefix("arrayEncoding=") }) {
                features.insert(.arrayEncoding(String(choice.dropFirst("arrayEncoding=".count))))
            }
            if options.options.boolEncoding == .literal { features.insert(.literalBools) }
            guard let parameters else { features.insert(.nilParameters); break }
            if parameters.isEmpty { features.insert(.emptyParameters) }
            if fuzzCase.hasUnorderedTopLevelKeys {
                features.insert(.unorderedTopLevelKeys)
                // A dictionary grown only as far as its count needs is more than half full.
                if parameters.capacity >= parameters.count * 2 {
                    features.insert(.unorderedTopLevelKeysWithSpareCapacity)
                }
            }
            texts += parameters.keys
            var deepest = 0
            for value in parameters.values {
                deepest = max(deepest, visit(value, depth: 1))
            }
            if !parameters.isEmpty, parameters.values.allSatisfy({ !$0.writesAPair }) { features.insert(.parametersWritingNothing) }
            if deepest >= 5 { features.insert(.depthFive) }
            if let limit = options.options.maximumDepth, deepest > limit { features.insert(.depthLimitReached) }
        case let .parameterEncoder(value, _, destination):
            features.insert(.parameterEncoder(destination))
            guard let value else { features.insert(.nilEncodableValue); break }
            if FuzzCensus.isNonKeyedRoot(value) { features.insert(.nonKeyedRoot) }
        case let .afSerializer(parameters, options):
            features.insert(.afSerializer)
            if options.options.methodsEncodingParametersInURI != nil { features.insert(.afMethodsEncodingParametersInURI) }
            if let block = options.queryBlockName { features.insert(.afQueryBlock(block)) }
            guard let parameters else { features.insert(.nilParameters); break }
            if case .dictionary = parameters {} else { features.insert(.afParametersNotADictionary) }
            _ = visit(parameters, depth: 0)
        }
        visitTexts()
    }

    /// Notes the kind of `node` (at `depth` keys) and of everything in it; returns the depth of
    /// its deepest value.
    private mutating func visit(_ node: FuzzParameter, depth: Int) -> Int {
        texts += node.keys
        switch node {
        case let .leaf(leaf): visit(leaf)
        case let .number(leaf):
            switch leaf {
            case .bool: features.insert(.value(.nsNumberBool))
            case .int8: features.insert(.value(.nsNumberInt8))
            case .double: features.insert(.value(.nsNumberDouble))
            default: features.insert(.value(.nsNumberInt))
            }
        case .null: features.insert(.value(.nsNull))
        case let .stringSet(element):
            features.insert(.value(.stringSet))
            texts += element.map { [$0] } ?? []
        case .intSet: features.insert(.value(.intSet))
        case let .some(wrapped):
            features.insert(.value(.optionalSome))
            switch wrapped {
            case .some, .none: features.insert(.value(.nestedOptional))
            case .leaf, .number, .null, .stringSet, .intSet: break
            default: features.insert(.value(.optionalContainer))
            }
        case .none: features.insert(.value(.optionalNone))
        case let .dictionary(entries):
            if entries.count > 1 { features.insert(.value(.nestedDictionaryOfSeveralKeys)) }
            if entries.isEmpty { features.insert(.value(.emptyDictionary)) }
        case let .array(elements): features.insert(.value(elements.isEmpty ? .emptyArray : .anyArray))
        case let .strings(strings):
            features.insert(.value(.stringArray))
            texts += strings
        case .integers: features.insert(.value(.intArray))
        case .int8s: features.insert(.value(.int8Array))
        case .dictionaries: features.insert(.value(.dictionaryArray))
        case let .typedDictionary(entry): features.insert(.value(entry == nil ? .emptyTypedDictionary : .typedDictionary))
        case .nsDictionary: features.insert(.value(.nsDictionary))
        case .nsArray: features.insert(.value(.nsArray))
        case let .stringSetOfMany(elements):
            features.insert(.value(.stringSetOfMany))
            texts += elements
        case .intKeyedDictionary: features.insert(.value(.intKeyedDictionary))
        }
        // An optional is unwrapped where it stands: it adds no key.
        let childDepth = node.isOptional ? depth : depth + 1
        return node.children.reduce(depth) { max($0, visit($1, depth: childDepth)) }
    }

    private mutating func visit(_ leaf: FuzzLeaf) {
        switch leaf {
        case let .string(string):
            features.insert(.value(.string))
            texts.append(string)
        case .bool: features.insert(.value(.bool))
        case .int: features.insert(.value(.int))
        case let .int8(value):
            features.insert(.value(value == -128 ? .int8Minimum : (-1 ... 12).contains(value) ? .int8Number : .int8Boolean))
        case .int16: features.insert(.value(.int16))
        case .int32: features.insert(.value(.int32))
        case .int64: features.insert(.value(.int64))
        case .uint: features.insert(.value(.uint))
        case .uint8: features.insert(.value(.uint8))
        case .uint16: features.insert(.value(.uint16))
        case .uint32: features.insert(.value(.uint32))
        case let .uint64(value): features.insert(.value(value == .max ? .uint64Maximum : .uint64))
        case let .double(value):
            let kind: ValueKind
            switch value {
            case _ where value.isNaN: kind = .doubleNaN
            case _ where value.isInfinite: kind = .doubleInfinity
            case 0 where value.sign == .minus: kind = .doubleNegativeZero
            case 0.1 + 0.2: kind = .doublePointOnePlusPointTwo
            case 1e16: kind = .double1e16
            case 1e-7: kind = .double1eMinus7
            default: kind = .double
            }
            features.insert(.value(kind))
        case .float: features.insert(.value(.float))
        case .decimal: features.insert(.value(.decimal))
        case .date: features.insert(.value(.date))
        case .data: features.insert(.value(.data))
        }
    }

    private mutating func visitTexts() {
        let escaped = Set(":#[]@!$&'()*+,;=\"<>\\^`{|}".unicodeScalars)
        for text in texts {
            let scalars = text.unicodeScalars
            if scalars.contains(where: escaped.contains) { features.insert(.text(.reservedCharacter)) }
            if text.contains("%") { features.insert(.text(.percentSign)) }
            if text.contains("+") { features.insert(.text(.plusSign)) }
            if text.contains(" ") { features.insert(.text(.space)) }
            if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { features.insert(.text(.controlCharacter)) }
            if scalars.contains(where: { $0.value >= 0x370 && $0.properties.isAlphabetic }) { features.insert(.text(.nonLatinScript)) }
            if scalars.contains(where: { $0.properties.isEmojiPresentation }) { features.insert(.text(.emoji)) }
            if scalars.contains(where: { $0.properties.generalCategory == .nonspacingMark }) { features.insert(.text(.combiningMark)) }
        }
        if texts.contains(where: { $0.hasPrefix("[") || $0.hasSuffix("]") }) { features.insert(.text(.bracketedKey)) }
        if texts.contains("") { features.insert(.text(.emptyKey)) }
        let distinct = Set(texts.map { Array($0.unicodeScalars) })
        let equivalenceClasses = Set(distinct.map { String(String.UnicodeScalarView($0)) })
        if equivalenceClasses.count < distinct.count { features.insert(.text(.equivalentSpellings)) }
    }
}

private extension FuzzParameter {
    var isOptional: Bool {
        switch self {
        case .some, .none: return true
        default: return false
        }
    }

    /// Whether the value writes at least one pair (an empty container writes none).
    var writesAPair: Bool {
        switch self {
        case let .dictionary(entries): return entries.values.contains(where: \.writesAPair)
        case let .array(elements), let .nsArray(elements): return elements.contains(where: \.writesAPair)
        case let .strings(strings): return !strings.isEmpty
        case let .integers(integers): return !integers.isEmpty
        case let .int8s(integers): return !integers.isEmpty
        case let .dictionaries(dictionaries): return dictionaries.contains { $0.values.contains(where: \.writesAPair) }
        case let .typedDictionary(entry), let .nsDictionary(entry): return entry?.value.writesAPair ?? false
        case let .some(wrapped): return wrapped.writesAPair
        case .leaf, .number, .null, .stringSet, .intSet, .none: return true
        case let .stringSetOfMany(elements): return !elements.isEmpty
        case let .intKeyedDictionary(entries): return entries.values.contains(where: \.writesAPair)
        }
    }
}
