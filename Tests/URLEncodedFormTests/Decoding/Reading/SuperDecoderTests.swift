import Foundation
import Testing
import URLEncodedForm

/// `superDecoder()` and `superDecoder(forKey:)`, which class hierarchies decode their base class
/// through: the first reads the container's own hash (where Alamofire's `superEncoder()`, and
/// ours, write the base class's keys beside the subclass's), the second the hash under the key;
/// an unkeyed container's reads its next element. The decoders they make live as long as the
/// containers made from them, and no longer.
struct SuperDecoderTests {
    private let decoder = URLEncodedFormDecoder()

    class Animal: Codable {
        let name: String
        init(name: String) { self.name = name }
    }

    /// Its base class's keys beside its own: `breed=…&name=…`.
    final class Dog: Animal, Equatable {
        let breed: String
        private enum CodingKeys: String, CodingKey { case breed }

        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try super.encode(to: container.superEncoder())
        }

        static func == (left: Dog, right: Dog) -> Bool { left.name == right.name && left.breed == right.breed }
    }

    /// Its base class under a key of its own: `cat[name]=…&lives=…`.
    final class Cat: Animal, Equatable {
        let lives: Int
        private enum CodingKeys: String, CodingKey { case lives, cat }

        init(name: String, lives: Int) {
            self.lives = lives
            super.init(name: name)
        }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lives = try container.decode(Int.self, forKey: .lives)
            try super.init(from: container.superDecoder(forKey: .cat))
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
            try super.encode(to: container.superEncoder(forKey: .cat))
        }

        static func == (left: Cat, right: Cat) -> Bool { left.name == right.name && left.lives == right.lives }
    }

    @Test func superDecoderReadsTheBaseClassFromTheContainersOwnHash() throws {
        #expect(try decoder.decode(Dog.self, from: "breed=lab&name=rex") == Dog(name: "rex", breed: "lab"))
        let dog = Dog(name: "rex", breed: "lab")
        #expect(try decoder.decode(Dog.self, from: URLEncodedFormEncoder().encode(dog) as String) == dog)
    }

    @Test func superDecoderForAKeyReadsTheBaseClassFromTheHashUnderIt() throws {
        #expect(try decoder.decode(Cat.self, from: "cat[name]=tom&lives=9") == Cat(name: "tom", lives: 9))
        let cat = Cat(name: "tom", lives: 9)
        #expect(try decoder.decode(Cat.self, from: URLEncodedFormEncoder().encode(cat) as String) == cat)
        // Nothing under the key: the base class finds no `name`.
        #expect(throws: DecodingError.self) { try decoder.decode(Cat.self, from: "lives=9") }
    }

    @Test func anUnkeyedContainersSuperDecoderReadsItsNextElement() throws {
        struct Pair: Decodable, Equatable {
            let first: String, second: [String: Int]
            init(first: String, second: [String: Int]) { self.first = first; self.second = second }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try String(from: container.superDecoder())
                second = try [String: Int](from: container.superDecoder())
                #expect(container.isAtEnd)
            }
        }
        struct Root: Decodable, Equatable { let pair: Pair }
        #expect(try decoder.decode(Root.self, from: "pair[0]=a&pair[1][x]=1")
                == Root(pair: Pair(first: "a", second: ["x": 1])))
    }

    /// A container made from a `superDecoder(forKey:)` that the caller let go at once, read
    /// after other allocations could have reused a freed decoder's memory (AddressSanitizer, as
    /// CI runs this suite, reports any read of a freed one).
    @Test func aContainerIsReadAfterTheSuperDecoderThatMadeItWasLetGo() throws {
        struct Inner: Decodable, Equatable { let a: String; let b: [String] }
        struct Outer: Decodable, Equatable {
            let inner: Inner, nested: String, other: [String: String]
            private enum CodingKeys: String, CodingKey { case inner, other }
            private enum InnerKeys: String, CodingKey { case a, b, c }
            private enum NestedKeys: String, CodingKey { case d }

            init(inner: Inner, nested: String, other: [String: String]) {
                self.inner = inner; self.nested = nested; self.other = other
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let keys = try container.superDecoder(forKey: .inner).container(keyedBy: InnerKeys.self)
                let deeper = try container.superDecoder(forKey: .inner).container(keyedBy: InnerKeys.self)
                    .nestedContainer(keyedBy: NestedKeys.self, forKey: .c)
                other = try container.decode([String: String].self, forKey: .other)
                // Blocks of every small size, alive while the containers are read: where a freed
                // decoder's memory would be reused.
                let reuse = (1...64).map { [UInt8](repeating: 0xEE, count: $0 * 8) }
                inner = Inner(a: try keys.decode(String.self, forKey: .a), b: try keys.decode([String].self, forKey: .b))
                nested = try deeper.decode(String.self, forKey: .d)
                withExtendedLifetime(reuse) {}
            }
        }
        let text = "inner[a]=1&inner[b][]=x&inner[b][]=y&inner[c][d]=deep&other[k]=v"
        for _ in 0..<3 {
            #expect(try decoder.decode(Outer.self, from: text)
                    == Outer(inner: Inner(a: "1", b: ["x", "y"]), nested: "deep", other: ["k": "v"]))
        }
    }

    /// The decoders `superDecoder()` makes in a nested type's `init(from:)` are let go when
    /// nothing uses them, not kept to the end of the decoding: an array of 1,000 subclasses
    /// holds one at a time.
    @Test func superDecodersAreLetGoWhenTheNestedDecodingThatMadeThemReturns() throws {
        struct Element: Decodable {
            let name: String
            weak var madeDecoder: AnyObject?
            private enum CodingKeys: String, CodingKey { case base }
            private enum BaseKeys: String, CodingKey { case name }

            init(from decoder: any Decoder) throws {
                let made = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .base)
                madeDecoder = made as AnyObject
                name = try made.container(keyedBy: BaseKeys.self).decode(String.self, forKey: .name)
            }
        }
        struct Root: Decodable {
            let elements: [Element]
            let allWereLetGo: Bool
            private enum CodingKeys: String, CodingKey { case elements }

            init(from decoder: any Decoder) throws {
                elements = try decoder.container(keyedBy: CodingKeys.self).decode([Element].self, forKey: .elements)
                allWereLetGo = elements.allSatisfy { $0.madeDecoder == nil }
            }
        }
        let text = (0..<1_000).map { "elements[][base][name]=n\($0)" }.joined(separator: "&")
        let root = try decoder.decode(Root.self, from: text)
        let names = root.elements.map(\.name), allWereLetGo = root.allWereLetGo
        #expect(names == (0..<1_000).map { "n\($0)" })
        #expect(allWereLetGo)
    }
}
