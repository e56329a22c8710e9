/// A command line formbench cannot run; the message says what to change.
struct ArgumentError: Error, CustomStringConvertible {
    let description: String
}
