/// The elements of an array a form sends by index (`tags[0]=…&tags[1]=…`), collected as they
/// come and put in order once the form is read: a form may send them in any order (a sorted one
/// sends `10` before `2`), and no index read from the form sizes anything — an array of n
/// elements must have sent exactly the indices 0 to n − 1, which `ordered(_:)` checks.
///
/// Elements sent as one pair each (leaves) are `append`ed; elements whose fields come in pairs
/// of their own (objects) are `update`d, which finds the element the index names. An array is
/// filled one way or the other, never both.
struct IndexedElements<Element> {
    private var entries: [(index: Int, element: Element)] = []
    /// Where each index's entry is, for `update`: made once there are more entries than a
    /// search one by one should look through.
    private var positions: [Int: Int] = [:]
    private static var searchedOneByOne: Int { 8 }

    /// Adds the element sent at `index`.
    mutating func append(_ element: Element, at index: Int) {
        entries.append((index, element))
    }

    /// Lends `body` the element at `index`, made by `make` where the form has not sent it yet.
    /// An object's pairs usually come one after another, so the last element is tried first.
    mutating func update(at index: Int, making make: () -> Element, _ body: (inout Element) throws -> Void) rethrows {
        let position: Int
        if let last = entries.indices.last, entries[last].index == index {
            position = last
        } else if let found = self.position(of: index) {
            position = found
        } else {
            position = entries.count
            entries.append((index, make()))
            if entries.count > Self.searchedOneByOne {
                if positions.isEmpty {
                    for (position, entry) in entries.enumerated() {
                        positions[entry.index] = position
                    }
                } else {
                    positions[index] = position
                }
            }
        }
        try body(&entries[position].element)
    }

    /// Where the entry of `index` is, or `nil` when the form has not sent it.
    private func position(of index: Int) -> Int? {
        entries.count > Self.searchedOneByOne ? positions[index] : entries.lastIndex { $0.index == index }
    }

    /// The elements in index order; throws `missing(array)` unless the indices sent are exactly
    /// 0 to n − 1, each once.
    func ordered(_ array: String) throws -> [Element] {
        // Sent in index order (a short array of a sorted form, below ten elements): as they are.
        if entries.indices.allSatisfy({ entries[$0].index == $0 }) {
            return entries.map(\.element)
        }
        var slots = [Element?](repeating: nil, count: entries.count)
        for (index, element) in entries {
            guard index < slots.count, slots[index] == nil else { throw HandFormError.missing(array) }
            slots[index] = element
        }
        // Each of the n entries filled one of the n slots: none is empty.
        return slots.compactMap { $0 }
    }
}
