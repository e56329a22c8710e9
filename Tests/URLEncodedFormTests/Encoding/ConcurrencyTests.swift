import Foundation
import Testing

/// One encoder shared by many tasks gives the same output as serial use (DocC, "Getting Started", Share one encoder).
struct ConcurrencyTests {
    private static let tasks = 8
    private static let encodesPerTask = 50

    private struct Profile: Encodable, Sendable {
        let name = "Jane Doe"
        let tags = ["b", "a"]
        let joined = Date(timeIntervalSinceReferenceDate: 0)
        let active = true
    }

    @Test(arguments: Contender.allCases)
    func sharedEncoderGivesTheSerialOutputUnderConcurrentUse(contender: Contender) async throws {
        let options = FormOptions(boolEncoding: .literal, dateEncoding: .iso8601, spaceEncoding: .plusReplaced)
        let encode = contender.makeSharedEncoder(options)
        let expected = "active=true&joined=2001-01-01T00%3A00%3A00Z&name=Jane+Doe&tags%5B%5D=a&tags%5B%5D=b"
        #expect(try encode(Profile()) == expected)

        let outputs = try await concurrently(tasks: Self.tasks) { _ in
            try (0..<Self.encodesPerTask).map { _ in try encode(Profile()) }
        }
        #expect(outputs.count == Self.tasks * Self.encodesPerTask)
        #expect(outputs.allSatisfy { $0 == expected })
    }

    @Test(arguments: Contender.allCases)
    func concurrentEncodingsDoNotMixTheirValues(contender: Contender) async throws {
        let encode = contender.makeSharedEncoder()
        let outputs = try await concurrently(tasks: Self.tasks) { task in
            try (0..<Self.encodesPerTask).map { index in try encode(["task": task, "n": index]) }
        }
        let expected = (0..<Self.tasks).flatMap { task in (0..<Self.encodesPerTask).map { "n=\($0)&task=\(task)" } }
        #expect(outputs.sorted() == expected.sorted())
    }
}
