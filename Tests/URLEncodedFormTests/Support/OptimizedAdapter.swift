import Foundation
import URLEncodedForm

/// Builds `URLEncodedForm.URLEncodedFormEncoder`s (the optimized encoder) from `FormOptions`.
///
/// `sortsArrayElements` is an argument of its own rather than part of `FormOptions`, which both
/// modules take: the reference port has no such option.
enum OptimizedAdapter: FormEncoderAdapter {
    typealias Encoder = URLEncodedForm.URLEncodedFormEncoder

    /// An encoder configured by `options` that sorts array elements too, as Alamofire does.
    static func encoder(_ options: FormOptions) -> Encoder {
        encoder(options, sortsArrayElements: true)
    }

    /// An encoder configured by `options`; `sortsArrayElements: false` keeps arrays in index order.
    static func encoder(_ options: FormOptions, sortsArrayElements: Bool) -> Encoder {
        Encoder(alphabetizeKeyValuePairs: options.alphabetizeKeyValuePairs, sortsArrayElements: sortsArrayElements,
                arrayEncoding: .init(options.arrayEncoding), boolEncoding: .init(options.boolEncoding),
                dataEncoding: .init(options.dataEncoding), dateEncoding: .init(options.dateEncoding),
                keyEncoding: .init(options.keyEncoding), keyPathEncoding: .init(options.keyPathEncoding),
                nilEncoding: .init(options.nilEncoding), spaceEncoding: .init(options.spaceEncoding),
                allowedCharacters: options.allowedCharacters.characterSet(afURLQueryAllowed: .afURLQueryAllowed),
                maximumDepth: options.maximumDepth ?? Encoder.defaultMaximumDepth)
    }

    /// `value`'s text from a fresh encoder configured by `options`, with `sortsArrayElements` as
    /// given: for the tests of arrays in index order, which need not import the module.
    static func encode(_ value: some Encodable, _ options: FormOptions, sortsArrayElements: Bool) throws -> String {
        try encoder(options, sortsArrayElements: sortsArrayElements).encode(value)
    }
}
