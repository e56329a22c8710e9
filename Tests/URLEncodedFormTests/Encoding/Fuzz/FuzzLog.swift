/// What user code observed while one encoder encoded one case, in order. Both encoders must
/// produce the same log: coding paths, unkeyed counts and errors are behaviour too.
final class FuzzLog {
    var observations: [FuzzObservation] = []
}
