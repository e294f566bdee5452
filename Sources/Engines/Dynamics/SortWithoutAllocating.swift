extension Array where Element == UInt64 {
    /// Sorts in place without allocating (insertion sort for a few keys, heapsort beyond), for
    /// the broadphase's pair keys each step.
    mutating func sortWithoutAllocating() {
        withUnsafeMutableBufferPointer { a in
            let n = a.count
            guard n > 1 else { return }
            if n <= 48 {
                for i in 1..<n {
                    let key = a[i]
                    var j = i
                    while j > 0 && a[j - 1] > key {
                        a[j] = a[j - 1]
                        j -= 1
                    }
                    a[j] = key
                }
                return
            }
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end && a[child] < a[child + 1] { child += 1 }
                    if a[root] >= a[child] { return }
                    a.swapAt(root, child)
                    root = child
                }
            }
            for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
            for end in stride(from: n - 1, to: 0, by: -1) {
                a.swapAt(0, end)
                siftDown(0, end)
            }
        }
    }
}
