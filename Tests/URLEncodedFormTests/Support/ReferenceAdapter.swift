import Foundation
import URLEncodedFormReference

/// Builds `URLEncodedFormReference.URLEncodedFormEncoder`s from `FormOptions`.
enum ReferenceAdapter: FormEncoderAdapter {
    typealias Encoder = URLEncodedFormReference.URLEncodedFormEncoder

    static func encoder(_ options: FormOptions) -> Encoder {
        Encoder(alphabetizeKeyValuePairs: options.alphabetizeKeyValuePairs, arrayEncoding: .init(options.arrayEncoding),
                boolEncoding: .init(options.boolEncoding), dataEncoding: .init(options.dataEncoding),
                dateEncoding: .init(options.dateEncoding), keyEncoding: .init(options.keyEncoding),
                keyPathEncoding: .init(options.keyPathEncoding), nilEncoding: .init(options.nilEncoding),
                spaceEncoding: .init(options.spaceEncoding),
                allowedCharacters: options.allowedCharacters.characterSet(afURLQueryAllowed: .afURLQueryAllowed),
                maximumDepth: options.maximumDepth ?? Encoder.defaultMaximumDepth)
    }
}
