/// The text `URLEncodedFormEncoder.Error.invalidRootObject` carries: what Alamofire's
/// `"\(component)"` prints for the root it rejected, byte for byte, since error descriptions
/// (`AFError`'s among them) show it.
///
/// Alamofire's tree is an enum, `URLEncodedFormComponent`; reflection prints the root as its case
/// and payload (`string("x y")`) and a component inside a collection qualified by its module:
/// `array([Alamofire.URLEncodedFormComponent.string("1")])`, and an object's pairs as tuples,
/// `object([(key: "k", value: Alamofire.URLEncodedFormComponent.string("v"))])`.
///
/// This tree keeps values escaped, so a value's text is its escaped bytes decoded, which is
/// exact unless `allowedCharacters` lets `%` through (a raw `%41` would read as `A`) or, with
/// `.plusReplaced` spaces, `+` (a raw `+` would read as a space); with those, the raw text of
/// each leaf is kept beside (`RawLeafValues`). Only the rejected root is described, and only
/// when it is rejected: the cost falls on the error path alone.
enum InvalidRootDescription {
    /// Alamofire's description of `node`, as its root when `qualified` is false.
    static func of(_ node: NodeID, in tree: borrowing FormTree, plusIsSpace: Bool, qualified: Bool = false) -> String {
        let prefix = qualified ? "Alamofire.URLEncodedFormComponent." : ""
        switch tree[node].kind {
        case .string:
            let valueRange = tree[node].valueRange
            let text = tree.rawValues.text(escapedAt: valueRange)
                ?? decode(tree.values.bytes(valueRange), plusIsSpace: plusIsSpace)
            return prefix + "string(" + String(reflecting: text) + ")"
        case .array:
            let elements = children(of: node, in: tree).map { of($0, in: tree, plusIsSpace: plusIsSpace, qualified: true) }
            return prefix + "array([" + elements.joined(separator: ", ") + "])"
        case .object, .pending:
            // A pending node was made on the way to a deeper write; Alamofire's walk makes an
            // empty object there.
            let pairs = children(of: node, in: tree).map { child in
                let key = tree.keys.string(of: tree[child].key)
                return "(key: " + String(reflecting: key) + ", value: "
                    + of(child, in: tree, plusIsSpace: plusIsSpace, qualified: true) + ")"
            }
            return prefix + "object([" + pairs.joined(separator: ", ") + "])"
        }
    }

    private static func children(of node: NodeID, in tree: borrowing FormTree) -> [NodeID] {
        var children: [NodeID] = []
        var child = tree[node].firstChild
        while child != NodeID.none {
            children.append(child)
            child = tree[child].nextSibling
        }
        return children
    }

    /// The text whose escaped bytes are `escaped`: each `%XY` read back as its byte.
    private static func decode(_ escaped: UnsafeRawBufferPointer, plusIsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var index = 0
        while index < escaped.count {
            let byte = escaped[index]
            if byte == UInt8(ascii: "%"), index + 2 < escaped.count,
               let high = HexDigit.value(of: escaped[index + 1]), let low = HexDigit.value(of: escaped[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
