import Foundation

/// The outputs recorded from real Alamofire 5.12 on Linux, loaded from the test fixture (a copy of
/// `shared/vectors/alamofire-5.12-linux.json`, so that a fresh clone can run it).
struct RecordedVector: Sendable, CustomStringConvertible {
    let id: Int
    let optionNames: [String: String]
    let options: FormOptions
    let value: VectorNode
    let expected: Outcome

    var description: String { "vector \(id)" }

    /// All vectors of the fixture, in file order.
    static let all: [RecordedVector] = {
        do {
            return try load()
        } catch {
            // Surfaces as a failing test (no vectors) with the reason printed, not a crash.
            print("could not load recorded vectors: \(error)")
            return []
        }
    }()

    private static func load() throws -> [RecordedVector] {
        guard let url = Bundle.module.url(forResource: "alamofire-5.12-linux", withExtension: "json", subdirectory: "Fixtures") else {
            throw VectorNode.ParseError(description: "fixture alamofire-5.12-linux.json missing from the test bundle")
        }
        let root = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url))
        guard let vectors = root.object?["vectors"]?.array?.compactMap(\.object) else {
            throw VectorNode.ParseError(description: "no vectors array")
        }
        return try vectors.map { entry in
            guard let id = entry["id"]?.integer.map(Int.init), let names = entry["options"]?.object, let value = entry["value"] else {
                throw VectorNode.ParseError(description: "bad vector \(entry)")
            }
            let optionNames = names.mapValues { $0.string ?? ($0.bool == true ? "true" : "false") }
            let expected: Outcome
            if let output = entry["expected"]?.string {
                expected = .output(output)
            } else if let error = entry["error"]?.string, let kind = FormErrorKind(rawValue: error) {
                expected = .error(kind)
            } else {
                throw VectorNode.ParseError(description: "vector \(id) has neither expected nor a known error")
            }
            return RecordedVector(id: id, optionNames: optionNames, options: try FormOptions(vectorNames: optionNames),
                                  value: try VectorNode(json: value), expected: expected)
        }
    }
}

extension FormOptions {
    /// The options a vector names (README of the vector file), closures included.
    init(vectorNames names: [String: String]) throws {
        func name(_ key: String) throws -> String {
            guard let value = names[key] else { throw VectorNode.ParseError(description: "option \(key) missing") }
            return value
        }
        func unknown(_ key: String) throws -> Never {
            throw VectorNode.ParseError(description: "unknown \(key) \(names[key] ?? "")")
        }
        self.init()
        alphabetizeKeyValuePairs = try name("alphabetizeKeyValuePairs") == "true"
        switch try name("arrayEncoding") {
        case "brackets": arrayEncoding = .brackets
        case "noBrackets": arrayEncoding = .noBrackets
        case "indexInBrackets": arrayEncoding = .indexInBrackets
        case "custom:keyHashIndex": arrayEncoding = .custom { key, index in key + "#" + String(index) }
        default: try unknown("arrayEncoding")
        }
        boolEncoding = try name("boolEncoding") == "literal" ? .literal : .numeric
        switch try name("dataEncoding") {
        case "deferredToData": dataEncoding = .deferredToData
        case "base64": dataEncoding = .base64
        case "custom:hex": dataEncoding = .custom { data in data.map { String(format: "%02x", $0) }.joined() }
        case "custom:throws": dataEncoding = .custom { _ in throw ClosureError() }
        default: try unknown("dataEncoding")
        }
        switch try name("dateEncoding") {
        case "deferredToDate": dateEncoding = .deferredToDate
        case "secondsSince1970": dateEncoding = .secondsSince1970
        case "millisecondsSince1970": dateEncoding = .millisecondsSince1970
        case "iso8601": dateEncoding = .iso8601
        case "formatted:yyyy-MM-dd HH:mm:ss.SSS UTC": dateEncoding = .formatted(Self.utcMillisecondFormatter())
        case "custom:epochInt": dateEncoding = .custom { date in String(Int(date.timeIntervalSince1970)) }
        case "custom:throws": dateEncoding = .custom { _ in throw ClosureError() }
        default: try unknown("dateEncoding")
        }
        switch try name("keyEncoding") {
        case "useDefaultKeys": keyEncoding = .useDefaultKeys
        case "convertToSnakeCase": keyEncoding = .convertToSnakeCase
        case "convertToKebabCase": keyEncoding = .convertToKebabCase
        case "capitalized": keyEncoding = .capitalized
        case "uppercased": keyEncoding = .uppercased
        case "lowercased": keyEncoding = .lowercased
        case "custom:reversed": keyEncoding = .custom { key in String(key.reversed()) }
        default: try unknown("keyEncoding")
        }
        switch try name("keyPathEncoding") {
        case "brackets": keyPathEncoding = .brackets
        case "dots": keyPathEncoding = .dots
        case "custom:colon": keyPathEncoding = .custom { subkey in ":" + subkey }
        default: try unknown("keyPathEncoding")
        }
        switch try name("nilEncoding") {
        case "dropKey": nilEncoding = .dropKey
        case "dropValue": nilEncoding = .dropValue
        case "null": nilEncoding = .null
        case "custom:tilde": nilEncoding = .custom { "~" }
        default: try unknown("nilEncoding")
        }
        spaceEncoding = try name("spaceEncoding") == "plusReplaced" ? .plusReplaced : .percentEscaped
        switch try name("allowedCharacters") {
        case "afURLQueryAllowed": allowedCharacters = .afURLQueryAllowed
        case "urlQueryAllowed": allowedCharacters = .set(.urlQueryAllowed)
        case "alphanumerics": allowedCharacters = .set(.alphanumerics)
        case "afURLQueryAllowed+[]":
            // Built from its definition: urlQueryAllowed less the reserved characters, plus "[]".
            var set = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
            set.insert(charactersIn: "[]")
            allowedCharacters = .set(set)
        default: try unknown("allowedCharacters")
        }
    }

    /// The vector file's `formatted:yyyy-MM-dd HH:mm:ss.SSS UTC` formatter.
    static func utcMillisecondFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter
    }
}
