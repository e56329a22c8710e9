import Foundation

/// The tree as Rack's `parse_nested_query` shows it: a hash is a `[String: any Sendable]`, an
/// array a `[any Sendable]`, a leaf the `String` of its last value, a null element `NSNull`.
/// Built bottom-up with a stack of its own, so a tree as deep as the limits allow costs heap,
/// not thread stack.
enum RackParameters {
    /// A container being filled: its node, the next child to visit, and what it holds so far.
    private struct Frame {
        let node: DecodedNodeID
        /// The frame's key in its parent hash (`nil` in an array, and for the root).
        let key: String?
        var nextChild: DecodedNodeID
        var hash: [String: any Sendable] = [:]
        var array: [any Sendable] = []
    }

    /// - Throws: ``URLEncodedFormDecoder/Error/conflictingKey(_:)`` when two keys of one hash
    ///   are different bytes but equal `String`s (canonically equivalent Unicode).
    static func parameters(of form: ParsedForm) throws(URLEncodedFormDecoder.Error) -> Parameters {
        let nodes = form.nodes
        var stack = [Frame(node: .root, key: nil, nextChild: nodes[DecodedNodeID.root].firstChild)]
        while true {
            let top = stack.count - 1
            let child = stack[top].nextChild
            if !child.isNone {
                stack[top].nextChild = nodes[child].next
                let node = nodes[child]
                let key = node.key.count >= 0 ? form.bytes.string(node.key) : nil
                switch node.kind {
                case .leaf: try add(form.string(ofValue: node.lastValue), key: key, to: &stack[top])
                case .null: try add(NSNull(), key: key, to: &stack[top])
                case .hash, .array: stack.append(Frame(node: child, key: key, nextChild: node.firstChild))
                }
                continue
            }
            let done = stack.removeLast()
            let value: any Sendable = nodes[done.node].kind == .hash ? done.hash : done.array
            guard !stack.isEmpty else { return done.hash }
            try add(value, key: done.key, to: &stack[stack.count - 1])
        }
    }

    private static func add(_ value: any Sendable, key: String?, to frame: inout Frame) throws(URLEncodedFormDecoder.Error) {
        guard let key else {
            frame.array.append(value)
            return
        }
        if frame.hash.updateValue(value, forKey: key) != nil { throw .conflictingKey(key) }
    }
}
