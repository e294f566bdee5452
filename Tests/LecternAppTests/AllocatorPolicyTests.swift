import CMalloc
import XCTest
@testable import LecternApp

/// The allocator policy `lectern` and `lectern-bench` set at startup: large blocks below the mmap
/// threshold come from the heap, whatever blocks were freed before.
final class AllocatorPolicyTests: XCTestCase {
    func testLargeBlocksBelowTheThresholdComeFromTheHeap() throws {
        XCTAssertTrue(AllocatorPolicy.apply(environment: [:]))
        XCTAssertTrue(AllocatorPolicy.apply(environment: [:]), "applying it twice is harmless")
        // glibc rounds a block with its own mapping up to whole pages (here about 3 KB more than
        // asked), and a heap block only to 16 bytes. Without the policy a block of 24 MB would be
        // mapped unless a mapped block at least as large had been freed before.
        for size in [(1 << 20) + 1_000, (24 << 20) + 1_000] {
            let block = try XCTUnwrap(malloc(size))
            defer { free(block) }
            XCTAssertLessThan(malloc_usable_size(block), size + 64, "a block of \(size) bytes came from its own mapping")
        }
        // At the threshold and above, blocks are still mapped on their own.
        let huge = try XCTUnwrap(malloc(Int(AllocatorPolicy.mmapThreshold) + 1_000))
        defer { free(huge) }
        XCTAssertGreaterThan(malloc_usable_size(huge), Int(AllocatorPolicy.mmapThreshold) + 1_000 + 64)
    }

    func testAnOperatorsAllocatorTunablesAreKept() {
        XCTAssertFalse(AllocatorPolicy.apply(environment: ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=131072"]))
        XCTAssertFalse(AllocatorPolicy.apply(environment: ["GLIBC_TUNABLES": "glibc.cpu.x86_ibt=on:glibc.malloc.trim_threshold=1"]))
        // Tunables of other parts of glibc leave the allocator to the policy.
        XCTAssertTrue(AllocatorPolicy.apply(environment: ["GLIBC_TUNABLES": "glibc.pthread.rseq=0"]))
    }
}
