/// What holds items up at their final poses: the floor (the bottom of the reference bounds) or
/// the tops of the items directly beneath them.
///
/// Measured on the items' upright bounding boxes, which suits blocks. An item is supported when
/// its bottom lies within the tolerance of the floor, or when the top of an item directly beneath
/// it (within the tolerance of its bottom) reaches under its centre. A top that meets the item's
/// bottom over no more than the tolerance is only a corner and holds nothing up: without rotation
/// a block can stay perched on such a sliver, wedged between its neighbours above an empty slot.
enum ItemSupport {
    /// Why an item is not supported.
    enum Problem: Equatable {
        /// Neither the floor nor any item's top is at the item's bottom.
        case nothingBeneath
        /// The item's bottom meets these items' tops (in scene order), but none reaches under its centre.
        case onCorners(of: [String])
    }

    /// An item that is not resting squarely on anything, and why.
    struct Finding {
        let item: ItemFootprint
        let problem: Problem
    }

    /// The items of `checked` that are not supported by the floor at y = `floor` or by the items
    /// of `all` (an item never supports itself), in the order of `checked`.
    static func unsupported(_ checked: [ItemFootprint], among all: [ItemFootprint], floor: Double,
                            tolerance: Double) -> [Finding] {
        let boxes = all.map(\.boundingBox)
        var findings: [Finding] = []
        for item in checked {
            let box = item.boundingBox
            if abs(floor - box.maxY) <= tolerance { continue }
            var touching: [String] = []
            var supported = false
            for (index, other) in all.enumerated() where other.id != item.id {
                let top = boxes[index]
                let low = max(box.minX, top.minX), high = min(box.maxX, top.maxX)
                guard high > low, abs(top.minY - box.maxY) <= tolerance else { continue }
                touching.append(other.id)
                if high - low > tolerance, item.center.x >= low, item.center.x <= high { supported = true }
            }
            if touching.isEmpty {
                findings.append(Finding(item: item, problem: .nothingBeneath))
            } else if !supported {
                findings.append(Finding(item: item, problem: .onCorners(of: touching)))
            }
        }
        return findings
    }
}
