internal import CArgon2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Argon2id's working memory (19 MiB per derivation at the production parameters), handed to libargon2 through its
/// allocation callbacks and kept mapped between derivations.
///
/// Measured on the two-slot submission (docs/core.md, "Two-slot submission"): with `malloc`, every derivation took
/// about 1,000-2,000 minor page faults to touch fresh pages (about 2 ms of a 31 ms derivation, more when the two slots
/// fault at once); a region taken from this pool is already resident. libargon2 wipes the memory
/// (`FLAG_clear_internal_memory`, on by default) before it hands a region back, so the pool holds zeros, never a
/// derivation's state. At most `keptRegions` regions are kept (one per slot of a parallel submission); a further one
/// is unmapped on release. A new region is mapped with `MAP_POPULATE` where the system has it, so its pages arrive in
/// one call instead of one fault each.
enum Argon2Memory {
    /// How many regions stay mapped between derivations: the two slots of a parallel submission.
    static let keptRegions = 2

    /// The callback libargon2 calls for a derivation's memory: 0, or libargon2's allocation error.
    static let allocate: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, Int) -> Int32 = { memory, size in
        guard let memory, let region = pool.take(size: size) else { return ARGON2_MEMORY_ALLOCATION_ERROR.rawValue }
        memory.pointee = region.assumingMemoryBound(to: UInt8.self)
        return 0
    }

    /// The callback libargon2 calls once it has wiped a derivation's memory.
    static let deallocate: @convention(c) (UnsafeMutablePointer<UInt8>?, Int) -> Void = { memory, size in
        guard let memory else { return }
        pool.give(UnsafeMutableRawPointer(memory), size: size)
    }

    /// How many regions are kept now (for tests).
    static var keptCount: Int { pool.count }

    private static let pool = Pool()

    /// The kept regions, behind a lock: derivations of a parallel submission take and give from two threads.
    private final class Pool: @unchecked Sendable {
        private let lock = NSLockLite()
        private var regions: [(address: UnsafeMutableRawPointer, size: Int)] = []

        var count: Int { lock.withLock { regions.count } }

        func take(size: Int) -> UnsafeMutableRawPointer? {
            let kept: UnsafeMutableRawPointer? = lock.withLock {
                guard let index = regions.firstIndex(where: { $0.size == size }) else { return nil }
                return regions.remove(at: index).address
            }
            return kept ?? Self.map(size: size)
        }

        func give(_ address: UnsafeMutableRawPointer, size: Int) {
            let keep = lock.withLock { () -> Bool in
                guard regions.count < Argon2Memory.keptRegions else { return false }
                regions.append((address, size))
                return true
            }
            if !keep { munmap(address, size) }
        }

        private static func map(size: Int) -> UnsafeMutableRawPointer? {
            guard size > 0 else { return nil }
            #if os(Linux)
            // A region smaller than a huge page (the testing parameters) cannot use one: ordinary pages, populated.
            if size >= hugePage { return mapHuge(size: size) }
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
            #else
            let flags = MAP_PRIVATE | MAP_ANON
            #endif
            guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), address != MAP_FAILED else { return nil }
            return address
        }

        #if os(Linux)
        /// The size of a transparent huge page on x86-64 and most arm64 kernels.
        static let hugePage = 2 << 20

        /// A region aligned to a huge page and advised `MADV_HUGEPAGE`, then touched: where the kernel allows
        /// transparent huge pages on request, Argon2's 19 MiB take ten TLB entries instead of about 4,900, which
        /// matters to its pseudo-random block reads, most when two derivations share the caches. Elsewhere the advice
        /// is refused and the region is ordinary pages, touched the same way.
        private static func mapHuge(size: Int) -> UnsafeMutableRawPointer? {
            let total = size + hugePage
            guard let raw = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  raw != MAP_FAILED else { return nil }
            let start = UInt(bitPattern: raw)
            let aligned = (start + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
            let head = Int(aligned - start)
            if head > 0 { munmap(raw, head) }
            let tail = total - head - size
            if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(size)), tail) }
            guard let address = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
            _ = madvise(address, size, MADV_HUGEPAGE)
            // Touched now, so a derivation never takes the faults (the pool then hands it out resident).
            memset(address, 0, size)
            return address
        }
        #endif
    }
}
