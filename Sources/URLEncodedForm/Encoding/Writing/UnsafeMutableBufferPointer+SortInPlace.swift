extension UnsafeMutableBufferPointer {
    /// Sorts in place, never allocating (the standard library's sort allocates a merge buffer
    /// per call, and a level sorted in many tied groups sorts many times): by insertion for the
    /// few elements of most levels, by introsort beyond. Not stable.
    @inline(__always)
    func sortInPlace(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count > 16 else {
            insertionSort(0..<count, by: areInIncreasingOrder)
            return
        }
        introsort(0..<count, depthLimit: 2 * (Int.bitWidth - count.leadingZeroBitCount), by: areInIncreasingOrder)
    }

    /// Quicksort on the median of three, down to runs of 16 that insertion sorts; a range that
    /// is still long after `depthLimit` partitions (an input built against the pivot choice)
    /// is heapsorted, so that no input takes quadratic time.
    private func introsort(_ range: Range<Int>, depthLimit: Int, by areInIncreasingOrder: (Element, Element) -> Bool) {
        var low = range.lowerBound
        var high = range.upperBound
        var depth = depthLimit
        while high - low > 16 {
            if depth == 0 {
                heapsort(low..<high, by: areInIncreasingOrder)
                return
            }
            depth -= 1
            let split = partition(low..<high, by: areInIncreasingOrder)
            // The shorter side recursively, the longer in this loop: the stack stays logarithmic.
            if split - low < high - split {
                introsort(low..<split, depthLimit: depth, by: areInIncreasingOrder)
                low = split
            } else {
                introsort(split..<high, depthLimit: depth, by: areInIncreasingOrder)
                high = split
            }
        }
        insertionSort(low..<high, by: areInIncreasingOrder)
    }

    /// Hoare's partition around the median of the first, middle and last elements. Returns a
    /// `split` strictly inside `range` with no element before it greater than one after it.
    private func partition(_ range: Range<Int>, by areInIncreasingOrder: (Element, Element) -> Bool) -> Int {
        let last = range.upperBound - 1
        let middle = range.lowerBound + (last - range.lowerBound) / 2
        if areInIncreasingOrder(self[middle], self[range.lowerBound]) { swapAt(middle, range.lowerBound) }
        if areInIncreasingOrder(self[last], self[middle]) {
            swapAt(last, middle)
            if areInIncreasingOrder(self[middle], self[range.lowerBound]) { swapAt(middle, range.lowerBound) }
        }
        let pivot = self[middle]
        var left = range.lowerBound
        var right = last
        while true {
            while areInIncreasingOrder(self[left], pivot) { left += 1 }
            while areInIncreasingOrder(pivot, self[right]) { right -= 1 }
            if left >= right {
                return right + 1
            }
            swapAt(left, right)
            left += 1
            right -= 1
        }
    }

    private func heapsort(_ range: Range<Int>, by areInIncreasingOrder: (Element, Element) -> Bool) {
        let base = range.lowerBound
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && areInIncreasingOrder(self[base + child], self[base + child + 1]) { child += 1 }
                guard areInIncreasingOrder(self[base + root], self[base + child]) else { return }
                swapAt(base + root, base + child)
                root = child
            }
        }
        let count = range.count
        for start in stride(from: count / 2 - 1, through: 0, by: -1) {
            siftDown(start, count)
        }
        for end in stride(from: count - 1, to: 0, by: -1) {
            swapAt(base, base + end)
            siftDown(0, end)
        }
    }

    @inline(__always)
    private func insertionSort(_ range: Range<Int>, by areInIncreasingOrder: (Element, Element) -> Bool) {
        for sorted in range.dropFirst() {
            let element = self[sorted]
            var position = sorted
            while position > range.lowerBound && areInIncreasingOrder(element, self[position - 1]) {
                self[position] = self[position - 1]
                position -= 1
            }
            self[position] = element
        }
    }
}
