import CMalloc
import Foundation

/// How the process's C allocator treats large blocks, set once at startup by `lectern` and by
/// `lectern-bench` (so the benchmarks measure the allocator the server runs with).
///
/// By default glibc serves a block above its mmap threshold (128 KiB at start) with a fresh
/// mapping, and raises the threshold to the size of each such block that is freed. A large solve
/// (a grid of 20 × 20 views: 3,200 constraints, a column index of several megabytes, long rows)
/// therefore gets fresh, faulting pages or recycled heap depending on what was freed before it,
/// and the same build measured 38 or 44 ms for the grid's adds depending on that history.
///
/// With the policy, blocks below 32 MiB come from the heap, and up to 64 MiB of free memory at the
/// heap's top is kept instead of returned at once: the grid's adds take 35 ms whatever ran
/// before, and the long row is unchanged (docs/layout-solver.md, "Large blocks and the
/// allocator"). Memory above the trim threshold is still returned, and blocks of 32 MiB or more
/// are still mapped on their own, so a burst of large solves does not pin its peak for good.
///
/// An operator who sets glibc's allocator tunables (`GLIBC_TUNABLES` naming a `glibc.malloc.`
/// setting) keeps them: the policy then changes nothing.
public enum AllocatorPolicy {
    /// Blocks of this size and above get their own mapping.
    public static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the heap's top beyond this is returned to the system.
    public static let trimThreshold: Int32 = 64 << 20

    /// Applies the policy unless `environment` sets glibc's allocator tunables; returns whether
    /// the allocator took both settings. Idempotent.
    @discardableResult
    public static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let tunables = environment["GLIBC_TUNABLES"], tunables.contains("glibc.malloc.") { return false }
        let mmap = mallopt(lectern_malloc_mmap_threshold, mmapThreshold)
        let trim = mallopt(lectern_malloc_trim_threshold, trimThreshold)
        return mmap == 1 && trim == 1
    }
}
