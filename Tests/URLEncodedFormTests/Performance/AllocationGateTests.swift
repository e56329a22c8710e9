import CMallocCounter
import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

#if DEBUG
private let isOptimizedBuild = false
#else
private let isOptimizedBuild = true
#endif

/// Allocation gates for the optimized encoder, judged against the walk floor (an encoder that
/// stores nothing) on the same value in the same run: the floor's allocations are the
/// containers `Codable` itself boxes, so the difference is what the encoder adds. Counts do not
/// drift with machine load the way times do.
///
/// Counting needs the malloc interposer, which sanitizer builds compile out, and an optimized
/// build: unspecialized generic code in a debug build allocates where optimized code does not.
/// CI runs these with `swift test -c release --filter AllocationGateTests`.
@Suite(.enabled(if: cmc_is_active() != 0, "allocation counting is compiled out under sanitizers"),
       .enabled(if: isOptimizedBuild, "allocation counts are only meaningful in a release build"))
struct AllocationGateTests {
    private struct Dimensions: Encodable { let width: Double, height: Double }
    private struct Vendor: Encodable { let name: String, country: String, rating: Int }
    private struct Record: Encodable {
        let id: Int, name: String, note: String?, price: Double, inStock: Bool
        let tags: [String], size: Dimensions, vendor: Vendor, added: Date, thumbnail: Data
    }
    private struct Catalog: Encodable { let records: [Record] }

    private static func catalog(records: Int) -> Catalog {
        Catalog(records: (0..<records).map(record(_:)))
    }

    private static func record(_ index: Int) -> Record {
        let size = Dimensions(width: 1.5, height: Double(index % 7))
        let vendor = Vendor(name: "Vendor \(index % 13)", country: "DE", rating: index % 5)
        let note: String? = index % 2 == 0 ? nil : "n\(index)"
        let added = Date(timeIntervalSinceReferenceDate: Double(index) * 86_400.5)
        let thumbnail = Data([UInt8(index % 256), 1, 2])
        return Record(id: index, name: "Item \(index) — café & crème", note: note, price: Double(index) * 1.25,
                      inStock: index % 3 == 0, tags: ["a b", "c+d", "東京"], size: size, vendor: vendor,
                      added: added, thumbnail: thumbnail)
    }

    /// Allocations this thread makes while `body` runs.
    static func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = cmc_thread_allocations()
        try body()
        return cmc_thread_allocations() - before
    }

    /// The walk floor's allocations on `value`, counted on its second walk: the first may also
    /// pay what the process allocates only once (it did in one run of five of this suite, 38
    /// allocations where the count is 4), which would loosen the gate measured against it.
    static func walkFloorAllocations(_ value: some Encodable) throws -> UInt64 {
        try value.encode(to: WalkFloorEncoder())
        return try allocations { try value.encode(to: WalkFloorEncoder()) }
    }

    /// The allocations of `encoder`'s second encoding of `value` (the first sizes the buffers
    /// it keeps), and of the walk floor's.
    private static func allocationsOfAReusedEncoder(_ encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(),
                                                    encoding value: some Encodable) throws -> (optimized: UInt64, floor: UInt64) {
        var output: [UInt8] = []
        try encoder.encode(value, into: &output)
        output.removeAll(keepingCapacity: true)
        let floor = try walkFloorAllocations(value)
        let optimized = try allocations { try encoder.encode(value, into: &output) }
        return (optimized, floor)
    }

    @Test func aReusedEncoderBoxesAKeyedContainerPerKeyTypeAndAllocatesAHandfulMore() throws {
        let (optimized, floor) = try Self.allocationsOfAReusedEncoder(encoding: Self.catalog(records: 1_000))

        #expect(floor >= 3_000, "the floor should box every keyed container: \(floor)")
        // The catalog's 3,001 keyed containers are four boxes, one per key type, each handed
        // out again once its value is done with it; and a handful per encoding (sort buffers,
        // the session hand-over), whatever the size.
        #expect(optimized <= 4 + 16, "optimized \(optimized) allocations, walk floor \(floor)")
    }

    @Test func aLevelSortedInManyTiedGroupsAllocatesNoMoreThanAHandful() throws {
        // 20,000 texts in 100 groups of 200 that tie on their first eight bytes: every group
        // is sorted on its own, each large enough for the standard library sort to allocate.
        let value = ["texts": (0..<20_000).map { "\($0 % 100)-abcdefghijkl-\($0)" }]
        let (optimized, floor) = try Self.allocationsOfAReusedEncoder(encoding: value)
        #expect(optimized <= floor + 16, "optimized \(optimized) allocations, walk floor \(floor)")
    }

    @Test func anEncoderKeepingArraysInOrderAllocatesNoMoreThanOneSortingThem() throws {
        // The catalog's array of records and arrays of tags, and one long array of texts
        // (which a sorting encoder writes in the order of their values).
        let inOrder = URLEncodedFormEncoder(sortsArrayElements: false)
        let texts = ["texts": (0..<20_000).map { "\($0 % 100)-abcdefghijkl-\($0)" }]
        for value in [Self.catalog(records: 1_000), texts] as [any Encodable] {
            let sorting = try Self.allocationsOfAReusedEncoder(encoding: value)
            let keeping = try Self.allocationsOfAReusedEncoder(inOrder, encoding: value)
            #expect(keeping.optimized <= sorting.optimized, "in order \(keeping.optimized) allocations, sorted \(sorting.optimized)")
            #expect(keeping.optimized <= keeping.floor + 16, "in order \(keeping.optimized) allocations, walk floor \(keeping.floor)")
        }
    }

    @Test func aWideObjectOfMixedScriptKeysAllocatesNoMoreThanAHandful() throws {
        // One object of 10,000 keys longer than a `String` stores inline, half of them ASCII:
        // the object's index then hashes every key as `String` does, ASCII ones too.
        let value = Dictionary(uniqueKeysWithValues: (0..<10_000).map { index in
            (index % 2 == 0 ? "ascii-key-number-\(index)" : "schlüssel-nummer-\(index)", "v")
        })
        let (optimized, floor) = try Self.allocationsOfAReusedEncoder(encoding: value)
        #expect(optimized <= floor + 16, "optimized \(optimized) allocations, walk floor \(floor)")
    }

    @Test func aKeyEncodingAllocatesPerDistinctKeyPathNotPerLeaf() throws {
        // Every leaf's whole key path is transformed, but the catalog's 16,000 leaves have 14
        // distinct paths: the allocations of an encoding (a `String` per new path, the memo of
        // paths) must not grow with the leaves.
        let encoder = URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase)
        let (optimized, floor) = try Self.allocationsOfAReusedEncoder(encoder, encoding: Self.catalog(records: 1_000))
        #expect(optimized <= floor + 128, "optimized \(optimized) allocations, walk floor \(floor)")
    }

    @Test func aFreshEncoderAllocatesItsBuffersOnlyLogarithmicallyOften() throws {
        let value = Self.catalog(records: 500)
        let floor = try Self.walkFloorAllocations(value)
        // The process's first encoding also pays what is allocated once per process (tables,
        // caches: 142 allocations for a one-record catalog, alone), on whichever thread comes
        // first: run alone, this test counted floor + 174 and failed. An encoder thrown away pays
        // it here; the small buffers it leaves spare are what the next fresh encoder grows.
        let _: [UInt8] = try URLEncodedFormEncoder().encode(Self.catalog(records: 1))
        let optimized = try Self.allocations {
            let _: [UInt8] = try URLEncodedFormEncoder().encode(value)
        }
        // Buffers double as they grow: a few dozen allocations for the whole encoding.
        #expect(optimized <= floor + 128, "optimized \(optimized) allocations, walk floor \(floor)")
    }

    @Test func anEncoderMadePerSmallEncodingStartsFromTheMemoryAFinishedOneLeft() throws {
        // An encoder made per request finds the buffers the last finished encoder left, and
        // allocates only itself (with its pool and lock), its session and options, and the
        // result: 6 more than the floor, where allocating its buffers made 40. The spare
        // buffers are process-wide, and an encoder of a test running alongside may take them
        // first: the fewest of a few tries counts.
        let value = Self.catalog(records: 1)
        let floor = try Self.walkFloorAllocations(value)
        var fewest = UInt64.max
        for _ in 0..<10 {
            let _: [UInt8] = try URLEncodedFormEncoder().encode(value)
            fewest = min(fewest, try Self.allocations { let _: [UInt8] = try URLEncodedFormEncoder().encode(value) })
        }
        #expect(fewest <= floor + 8, "optimized \(fewest) allocations, walk floor \(floor)")
    }

    @Test func memoryBeyondTheIdleLimitIsKeptWhileLargeEncodingsRecurAndLetGoAfterASmallerOne() throws {
        let large = Self.catalog(records: 40_000)  // buffers well past the 64 MB idle limit
        let small = Self.catalog(records: 10)
        let encoder = URLEncodedFormEncoder()
        var output: [UInt8] = []
        try encoder.encode(large, into: &output)
        output.removeAll(keepingCapacity: true)
        let floor = try Self.walkFloorAllocations(large)

        let recurring = try Self.allocations { try encoder.encode(large, into: &output) }
        #expect(recurring <= floor + 16, "a recurring large encoding allocated \(recurring), walk floor \(floor)")

        // The small encoding runs in the large session, which is then let go: the next large
        // encoding grows its buffers again.
        try encoder.encode(small, into: &output)
        output.removeAll(keepingCapacity: true)
        let afterSmall = try Self.allocations { try encoder.encode(large, into: &output) }
        #expect(afterSmall > recurring + 16, "the large session was kept: \(afterSmall) allocations, \(recurring) when it recurred")
    }

    @Test func theStringResultCostsOneAllocationMoreThanTheBytes() throws {
        let value = Self.catalog(records: 100)
        let encoder = URLEncodedFormEncoder()
        let _: String = try encoder.encode(value)
        let bytes = try Self.allocations { let _: [UInt8] = try encoder.encode(value) }
        let string = try Self.allocations { let _: String = try encoder.encode(value) }
        #expect(string <= bytes + 1, "String \(string) allocations, [UInt8] \(bytes)")
    }
}
