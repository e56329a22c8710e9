extension UnsafeMutableBufferPointer {
    /// Sorts in place: by insertion for the few elements of most levels (no merge buffer, no
    /// generic machinery), by the standard library's sort beyond that.
    @inline(__always)
    func sortSmall(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count <= 16 else {
            var elements = self
            elements.sort(by: areInIncreasingOrder)
            return
        }
        for sorted in indices.dropFirst() {
            let element = self[sorted]
            var position = sorted
            while position > 0 && areInIncreasingOrder(element, self[position - 1]) {
                self[position] = self[position - 1]
                position -= 1
            }
            self[position] = element
        }
    }
}
