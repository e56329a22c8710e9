import Foundation
import Testing
import URLEncodedForm

/// `parameters(from:)`: the view Rack 2.2's `parse_nested_query` gives of the merged tree —
/// plain values replacing, `[]` arrays, hashes, indices as hash keys, arrays of hashes and
/// Rack's merge of `[]` followed by more segments; the conflicts (a nested value under a leaf,
/// an array where a hash is) and the canonical-equivalence conflict; where the flat rules win
/// over Rack's; and the Swift types of the nodes. Expected trees are written by hand from
/// Rack's rules (and agree with what Rack 2.2.22 prints for the same inputs).
struct ParametersTreeTests {
    let decoder = URLEncodedFormDecoder()

    // MARK: The table

    @Test func plainValueReplacesWhatWasThere() throws {
        #expect(try decoder.form("a=1&a=2") == .hash(["a": .value("2")]))
        #expect(try decoder.form("a[b]=1&a=2") == .hash(["a": .value("2")]))
        #expect(try decoder.form("a[]=1&a=2") == .hash(["a": .value("2")]))
        #expect(try decoder.form("a[b][c]=1&a[b]=2") == .hash(["a": .hash(["b": .value("2")])]))
    }

    @Test func emptyBracketsBuildArraysInOrder() throws {
        #expect(try decoder.form("a[]=1&a[]=2") == .hash(["a": .array([.value("1"), .value("2")])]))
        #expect(try decoder.form("x[y][]=1&x[y][]=2") == .hash(["x": .hash(["y": .array([.value("1"), .value("2")])])]))
        #expect(try decoder.form("a[]=2&b=0&a[]=1") == .hash(["a": .array([.value("2"), .value("1")]), "b": .value("0")]))
    }

    @Test func namedSegmentsBuildHashes() throws {
        #expect(try decoder.form("a[b]=1&a[c]=2") == .hash(["a": .hash(["b": .value("1"), "c": .value("2")])]))
        #expect(try decoder.form("a[b]=1&a[b]=2") == .hash(["a": .hash(["b": .value("2")])]))
        #expect(try decoder.form("x[y][z]=1&x[y][w]=2&x[v]=3")
                == .hash(["x": .hash(["y": .hash(["z": .value("1"), "w": .value("2")]), "v": .value("3")])]))
    }

    @Test func indicesAreHashKeysInRacksView() throws {
        #expect(try decoder.form("a[0]=x&a[1]=y") == .hash(["a": .hash(["0": .value("x"), "1": .value("y")])]))
        #expect(try decoder.form("a[1]=y&a[0]=x") == .hash(["a": .hash(["0": .value("x"), "1": .value("y")])]))
    }

    @Test func arrayOfHashesStartsANewElementWhenTheLastHasTheKey() throws {
        #expect(try decoder.form("a[][x]=1&a[][y]=2&a[][x]=3")
                == .hash(["a": .array([.hash(["x": .value("1"), "y": .value("2")]), .hash(["x": .value("3")])])]))
        #expect(try decoder.form("a[][x]=1&a[][x]=2")
                == .hash(["a": .array([.hash(["x": .value("1")]), .hash(["x": .value("2")])])]))
    }

    /// Rack's merge when `[]` is followed by more than one segment (checked against Rack 2.2.22).
    @Test func arrayOfHashesFollowsRackForDeeperPaths() throws {
        // The deeper path is "had" only when every segment of it is already there.
        #expect(try decoder.form("a[][x][y]=1&a[][x][y]=2")
                == .hash(["a": .array([.hash(["x": .hash(["y": .value("1")])]), .hash(["x": .hash(["y": .value("2")])])])]))
        #expect(try decoder.form("a[][x][y]=1&a[][x][z]=2")
                == .hash(["a": .array([.hash(["x": .hash(["y": .value("1"), "z": .value("2")])])])]))
        // A path holding another `[]` is never "had": it goes into the last element.
        #expect(try decoder.form("a[][x][]=1&a[][x][]=2")
                == .hash(["a": .array([.hash(["x": .array([.value("1"), .value("2")])])])]))
        #expect(try decoder.form("a[][x]=1&a[][y][z]=2&a[][y][w]=3&a[][y][z]=4")
                == .hash(["a": .array([.hash(["x": .value("1"), "y": .hash(["z": .value("2"), "w": .value("3")])]),
                                       .hash(["y": .hash(["z": .value("4")])])])]))
        // The last element is not a hash: a new one starts.
        #expect(try decoder.form("a[][x]=1&a[]=2&a[][y]=3")
                == .hash(["a": .array([.hash(["x": .value("1")]), .value("2"), .hash(["y": .value("3")])])]))
        #expect(try decoder.form("a[][]=1&a[][]=2") == .hash(["a": .array([.array([.value("1")]), .array([.value("2")])])]))
    }

    /// Inputs Rack refuses with `ParameterTypeError`, and the segment its message names.
    static let conflicts: [(query: String, key: String)] = [
        ("a=1&a[]=2", "a"), ("a=2&a[b]=1", "a"), ("a[x]=1&a[]=2", "a"), ("a[b][]=1&a[b][c]=2", "b"),
        ("a[]=1&a[b]=2", "a"), ("a[b]=1&a[b][c]=2", "b"), ("a[b][c]=1&a[b][c][]=2", "c"),
    ]

    @Test(arguments: conflicts)
    func nestedValueUnderALeafOrArrayWhereAHashIsConflicts(_ vector: (query: String, key: String)) {
        let error = inputError { _ = try decoder.parameters(from: vector.query) }
        guard let error, error.code == .conflictingKey, let key = error.key else {
            Issue.record("\(vector.query): expected conflictingKey, got \(String(describing: error))")
            return
        }
        #expect(key.contains(vector.key), "\(vector.query): the error names \(key)")
    }

    @Test(arguments: conflicts)
    func typedDecodingThrowsTheSameConflict(_ vector: (query: String, key: String)) {
        let error = inputError { _ = try decoder.decode([String: String].self, from: vector.query) }
        guard error?.code == .conflictingKey else {
            Issue.record("\(vector.query): expected conflictingKey, got \(String(describing: error))")
            return
        }
    }

    // MARK: Canonical equivalence

    @Test func canonicallyEquivalentKeysOfOneHashConflictNamingTheLaterSpelling() {
        // "café" precomposed (C3 A9), then decomposed (65 CC 81).
        let error = inputError { _ = try decoder.parameters(from: "caf%C3%A9=1&cafe%CC%81=2") }
        guard let error, error.code == .conflictingKey, let key = error.key else {
            Issue.record("expected conflictingKey, got \(String(describing: error))")
            return
        }
        // `==` on String cannot tell the spellings apart: compare scalars.
        #expect(Array(key.unicodeScalars) == Array("cafe\u{301}".unicodeScalars))

        let nested = inputError { _ = try decoder.parameters(from: "x[cafe%CC%81]=1&x[caf%C3%A9]=2") }
        guard let nested, nested.code == .conflictingKey, let nestedKey = nested.key else {
            Issue.record("expected conflictingKey, got \(String(describing: nested))")
            return
        }
        #expect(nestedKey.unicodeScalars.contains("\u{E9}"))
        #expect(!nestedKey.unicodeScalars.contains("\u{301}"))
    }

    @Test func sameSpellingTwiceIsARepeatedKeyNotAConflict() throws {
        #expect(try decoder.form("caf%C3%A9=1&caf%C3%A9=2") == .hash(["caf\u{E9}": .value("2")]))
        #expect(try decoder.form("cafe%CC%81=1&cafe%CC%81=2") == .hash(["cafe\u{301}": .value("2")]))
        #expect(try decoder.form("x[caf%C3%A9]=1&y[cafe%CC%81]=2")
                == .hash(["x": .hash(["caf\u{E9}": .value("1")]), "y": .hash(["cafe\u{301}": .value("2")])]))
    }

    // MARK: Where the flat rules win over Rack

    @Test func flatRulesWinWhereRackDiffers() throws {
        #expect(try decoder.form("a=1;b=2") == .hash(["a": .value("1;b=2")]))
        #expect(try decoder.form("a") == .hash(["a": .value("")]))
        #expect(try decoder.form("=b") == .hash(["": .value("b")]))
        #expect(try decoder.form("[]=1") == .hash(["[]": .value("1")]))
        #expect(try decoder.form("[a]=1&b=2") == .hash(["[a]": .value("1"), "b": .value("2")]))
        #expect(try decoder.form("a[b=1") == .hash(["a[b": .value("1")]))
    }

    @Test func emptyInputIsAnEmptyHash() throws {
        #expect(try decoder.form("") == .hash([:]))
        #expect(try decoder.form("&&") == .hash([:]))
    }

    // MARK: Node types

    @Test func leavesAreStringsArraysAndHashesAreSendableCollections() throws {
        let parameters = try decoder.parameters(from: "s=1&a[]=x&h[k]=v")
        #expect(parameters["s"] is String)
        #expect(parameters["a"] is [any Sendable])
        #expect(parameters["h"] is [String: any Sendable])
        #expect((parameters["h"] as? [String: any Sendable])?["k"] as? String == "v")
        #expect((parameters["a"] as? [any Sendable])?.first as? String == "x")
    }
}
