import URLEncodedForm
import URLEncodedFormReference

/// What the tests call on a module's `URLEncodedFormEncoder`; both modules' classes have it as
/// they are.
protocol FormEncoding: Sendable {
    /// The encoder's own error (`invalidRootObject`).
    associatedtype Error: Swift.Error
    static var defaultMaximumDepth: Int { get }
    func encode(_ value: any Encodable) throws -> String
}

extension URLEncodedFormReference.URLEncodedFormEncoder: FormEncoding {}
extension URLEncodedForm.URLEncodedFormEncoder: FormEncoding {}

/// Builds one module's encoders from `FormOptions`, and drives them.
///
/// A module's adapter supplies only the initializer call, which is what differs between the
/// modules (the optimized encoder takes options the port has not, and each module has its own
/// `CharacterSet.afURLQueryAllowed`); the options' cases map through `ModuleOptionCases.swift`,
/// and the rest is here, once.
protocol FormEncoderAdapter {
    associatedtype Encoder: FormEncoding
    /// An encoder configured by `options`.
    static func encoder(_ options: FormOptions) -> Encoder
}

extension FormEncoderAdapter {
    static var defaultMaximumDepth: Int { Encoder.defaultMaximumDepth }

    static func encode(_ value: some Encodable, _ options: FormOptions) throws -> String {
        try encoder(options).encode(value)
    }

    /// One encoder built from `options`, shared by every call of the returned closure (for tests
    /// of an encoder's reuse after errors and of concurrent use).
    static func sharedEncoder(_ options: FormOptions) -> @Sendable (any Encodable) throws -> String {
        let encoder = encoder(options)
        return { value in try encoder.encode(value) }
    }

    /// Whether `error` is the module's `URLEncodedFormEncoder.Error.invalidRootObject`.
    static func isInvalidRootObject(_ error: any Error) -> Bool {
        (error as? Encoder.Error).map(CaseName.path(of:)) == "invalidRootObject"
    }
}
