/// Sorts the broad phase's candidate keys (`lower shape << 32 | higher shape`) after a whole
/// search without allocating once its buffers have grown: a counting sort on the lower shape,
/// then an insertion sort that only has to order the few pairs sharing a lower shape. Linear in
/// the number of pairs and shapes, where a comparison sort of the sweep's output was not.
struct PairKeySorter {
    private var counts: [Int] = []
    private var scratch: [UInt64] = []

    mutating func sort(_ keys: inout [UInt64], shapeCount: Int) {
        let n = keys.count
        guard n > 1 else { return }
        if counts.count != shapeCount + 1 {
            counts = Array(repeating: 0, count: shapeCount + 1)
        } else {
            counts.withUnsafeMutableBufferPointer { c in c.update(repeating: 0) }
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(0, count: n))
        counts.withUnsafeMutableBufferPointer { c in
            keys.withUnsafeMutableBufferPointer { k in
                scratch.withUnsafeMutableBufferPointer { out in
                    for key in k { c[Int(key >> 32) + 1] += 1 }
                    for s in 0..<shapeCount { c[s + 1] += c[s] }
                    for key in k {
                        let s = Int(key >> 32)
                        out[c[s]] = key
                        c[s] += 1
                    }
                    for i in 1..<n {
                        let key = out[i]
                        var j = i
                        while j > 0 && out[j - 1] > key {
                            out[j] = out[j - 1]
                            j -= 1
                        }
                        out[j] = key
                    }
                }
            }
        }
        swap(&keys, &scratch)
    }
}
