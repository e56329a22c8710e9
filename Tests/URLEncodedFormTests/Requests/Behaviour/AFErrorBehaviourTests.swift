import Foundation
import Testing

extension RequestsBehaviour {
    /// Each module's `AFError` (SPEC-requests §4): every case's exact `errorDescription` from §4's
    /// table, which of `isParameterEncodingError` and `isParameterEncoderError` it answers `true`, and
    /// what `underlyingError` gives. The wrapped error is a `BehaviourFailure(code: 7)`, whose
    /// `localizedDescription` (`localized failure`) and `"\(error)"` (`BehaviourFailure(code: 7)`)
    /// differ: the JSON and custom reasons show the first, `encoderFailed` the second.
    struct AFErrorBehaviourTests {
        // MARK: errorDescription

        @Test(arguments: RequestContender.allCases)
        func missingURLDescription(contender: RequestContender) {
            #expect(contender.afError(.missingURL).errorDescription == "URL request to encode was missing a URL")
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingFailedDescriptionPutsTheLocalizedDescriptionOnANewLine(contender: RequestContender) {
            #expect(contender.afError(.jsonEncodingFailed).errorDescription == "JSON could not be encoded because of error:\nlocalized failure")
        }

        @Test(arguments: RequestContender.allCases)
        func customEncodingFailedDescriptionShowsTheLocalizedDescription(contender: RequestContender) {
            #expect(contender.afError(.customEncodingFailed).errorDescription == "Custom parameter encoder failed with error: localized failure")
        }

        @Test(arguments: RequestContender.allCases)
        func missingURLComponentDescriptionNamesTheComponent(contender: RequestContender) {
            #expect(contender.afError(.missingURLComponent).errorDescription == "Encoding failed due to a missing request component: url")
        }

        @Test(arguments: RequestContender.allCases)
        func missingHTTPMethodDescriptionShowsTheComponentWithItsRawValue(contender: RequestContender) {
            #expect(contender.afError(.missingHTTPMethod).errorDescription
                == #"Encoding failed due to a missing request component: httpMethod(rawValue: "nil")"#)
        }

        @Test(arguments: RequestContender.allCases)
        func encoderFailedDescriptionShowsTheErrorsOwnDescriptionNotItsLocalizedOne(contender: RequestContender) {
            #expect(contender.afError(.encoderFailed).errorDescription
                == "The underlying encoder failed with the error: BehaviourFailure(code: 7)")
        }

        @Test(arguments: RequestContender.allCases)
        func encoderFailedDescriptionOfAFieldlessErrorShowsEmptyParentheses(contender: RequestContender) {
            #expect(contender.afError(.encoderFailed, wrapping: SomeError()).errorDescription
                == "The underlying encoder failed with the error: SomeError()")
        }

        @Test(arguments: RequestContender.allCases)
        func localizedDescriptionIsTheErrorDescription(contender: RequestContender) {
            // `LocalizedError`: Foundation's `localizedDescription` of the error is its description.
            for errorCase in AFErrorCase.allCases {
                let error = contender.afError(errorCase)
                #expect(error.localizedDescription == error.errorDescription, "\(errorCase)")
            }
        }

        // MARK: isParameterEncodingError, isParameterEncoderError

        @Test(arguments: RequestContender.allCases)
        func encodingReasonsAreParameterEncodingErrorsOnly(contender: RequestContender) {
            for errorCase in [AFErrorCase.missingURL, .jsonEncodingFailed, .customEncodingFailed] {
                let error = contender.afError(errorCase)
                #expect(error.isParameterEncodingError, "\(errorCase)")
                #expect(!error.isParameterEncoderError, "\(errorCase)")
            }
        }

        @Test(arguments: RequestContender.allCases)
        func encoderReasonsAreParameterEncoderErrorsOnly(contender: RequestContender) {
            for errorCase in [AFErrorCase.missingURLComponent, .missingHTTPMethod, .encoderFailed] {
                let error = contender.afError(errorCase)
                #expect(!error.isParameterEncodingError, "\(errorCase)")
                #expect(error.isParameterEncoderError, "\(errorCase)")
            }
        }

        // MARK: underlyingError

        @Test(arguments: RequestContender.allCases)
        func reasonsWithoutAnErrorHaveNoUnderlyingError(contender: RequestContender) {
            for errorCase in [AFErrorCase.missingURL, .missingURLComponent, .missingHTTPMethod] {
                #expect(contender.afError(errorCase).underlyingError == nil, "\(errorCase)")
            }
        }

        @Test(arguments: RequestContender.allCases)
        func reasonsWithAnErrorGiveItBackAsTheUnderlyingError(contender: RequestContender) {
            for errorCase in [AFErrorCase.jsonEncodingFailed, .customEncodingFailed, .encoderFailed] {
                let underlying = contender.afError(errorCase, wrapping: BehaviourFailure(code: 42)).underlyingError
                #expect(underlying as? BehaviourFailure == BehaviourFailure(code: 42), "\(errorCase)")
            }
        }
    }
}
