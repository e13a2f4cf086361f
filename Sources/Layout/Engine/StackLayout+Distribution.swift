/// Sharing a concrete major-axis proposal among a stack's children (views spec §1.3, SwiftUI's
/// `sizeChildrenGenerallyWithConcreteMajorProposal`).
extension StackLayout {
    /// Sizes every child under `major` points along the axis and `minor` across it.
    func distribute(major: Double, minor: Double?) -> (proposals: [ProposedSize], sizes: [Size]) {
        let n = children.count
        let minLength = children.map { self.major(of: $0.size(for: proposal(major: 0, minor: minor))) }
        let maxLength = children.map { self.major(of: $0.size(for: proposal(major: .infinity, minor: minor))) }
        let priorities = children.map { $0.priority() }
        let order = Self.sizingOrder(minLength: minLength, maxLength: maxLength, priorities: priorities)

        var proposals = [ProposedSize](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        var available = major - distances.reduce(0, +)
        var start = 0
        while start < n {
            var end = start
            while end < n && priorities[order[end]] == priorities[order[start]] { end += 1 }
            let group = order[start..<end]
            if start == 0 {
                // The first group leaves the later groups their minimums…
                available -= order[end...].reduce(0) { $0 + minLength[$1] }
            } else {
                // …which each later group takes back when its turn comes.
                available += group.reduce(0) { $0 + minLength[$1] }
            }
            for (k, c) in group.enumerated() {
                let offer = max(available / Double(group.count - k), 0)
                proposals[c] = proposal(major: offer, minor: minor)
                sizes[c] = children[c].size(for: proposals[c])
                let left = available - self.major(of: sizes[c])
                if !left.isNaN { available = left }
            }
            start = end
        }
        return (proposals, sizes)
    }

    /// The order children are offered space in: higher priority first; then less flexible first;
    /// among infinitely flexible ones, larger minimum first. A stable insertion sort, as SwiftUI's,
    /// so ties keep their original order.
    static func sizingOrder(minLength: [Double], maxLength: [Double], priorities: [Double]) -> [Int] {
        func goesBefore(_ a: Int, _ b: Int) -> Bool {
            if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            let fa = maxLength[a] - minLength[a]
            let fb = maxLength[b] - minLength[b]
            if fa != fb { return fa < fb }
            let ea = fa == .infinity ? -minLength[a] : 0
            let eb = fb == .infinity ? -minLength[b] : 0
            return ea < eb
        }
        var order = Array(minLength.indices)
        for i in order.indices.dropFirst() {
            var j = i
            while j > 0 && goesBefore(order[j], order[j - 1]) {
                order.swapAt(j, j - 1)
                j -= 1
            }
        }
        return order
    }
}
