/// The names of an enum value's case and of the cases it carries, for tests that compare values
/// of the two modules' enums: those are distinct types with the same cases, so their names are
/// what they share (and what the recorded vectors spell).
enum CaseName {
    /// The case of `value` (an enum value), followed by the cases of its payload while that is
    /// itself an enum value and not an error: `parameterEncoderFailed.missingRequiredComponent.url`
    /// for `.parameterEncoderFailed(reason: .missingRequiredComponent(.url))`, and
    /// `parameterEncoderFailed.encoderFailed` for `.parameterEncoderFailed(reason:
    /// .encoderFailed(error: e))`, whose error is named on its own.
    static func path(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            // A case without a payload has no child; Swift describes it by its name.
            return String(describing: value)
        }
        // A payload with a label (`reason: …`) reflects as a tuple of that one element.
        let tuple = Mirror(reflecting: payload.value)
        let carried = tuple.displayStyle == .tuple && tuple.children.count == 1 ? tuple.children.first!.value : payload.value
        guard Mirror(reflecting: carried).displayStyle == .enum, !(carried is any Error) else { return name }
        return name + "." + path(of: carried)
    }
}
