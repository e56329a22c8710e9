import Foundation
import Testing
import URLEncodedForm

extension RequestsBehaviour {
    /// Parameter encodings (`URLEncoding`'s, AFNetworking's) running at once on many threads keep
    /// their values apart. `URLEncoding`'s writers pass their memory from thread to thread through
    /// one process-wide pool: under ThreadSanitizer (CI's `swift test --sanitize=thread`) this also
    /// shows that the sanitizer sees every handover synchronized.
    struct ParameterConcurrencyTests {
        private static let tasks = 8
        private static let encodesPerTask = 100

        private static func expected(_ render: (_ task: Int, _ index: Int) -> String) -> [String] {
            (0..<tasks).flatMap { task in (0..<encodesPerTask).map { render(task, $0) } }.sorted()
        }

        @Test func concurrentURLEncodingsDoNotMixTheirValues() async throws {
            let outputs = try await concurrently(tasks: Self.tasks) { task in
                try (0..<Self.encodesPerTask).map { index in
                    try URLEncoding.default.encode(["task": task, "n": index, "tags": ["x y", "\(index)"]]) as String
                }
            }
            #expect(outputs.sorted() == Self.expected { "n=\($1)&tags%5B%5D=x%20y&tags%5B%5D=\($1)&task=\($0)" })
        }

        @Test func concurrentAFNetworkingQueryStringsDoNotMixTheirValues() async throws {
            let outputs = try await concurrently(tasks: Self.tasks) { task in
                (0..<Self.encodesPerTask).map { index in
                    AFQueryStringFromParameters(["task": task, "n": index, "tags": ["x y", "\(index)"]])
                }
            }
            #expect(outputs.sorted() == Self.expected { "n=\($1)&tags%5B%5D=x%20y&tags%5B%5D=\($1)&task=\($0)" })
        }
    }
}
