import SpecKit
import Testing
@testable import Conformance

/// The shrinker on sequences of numbers, with failures whose minimal form is known.
@Suite("The walk shrinker")
struct WalkShrinkerTests {
    /// Fails (up to and including the third 1) when a sequence holds three 1s.
    static func threeOnes(_ moves: [Int]) -> Int? {
        var ones = 0
        for (i, m) in moves.enumerated() where m == 1 {
            ones += 1
            if ones == 3 { return i + 1 }
        }
        return nil
    }

    @Test("steps that do not matter are dropped and the sequence is cut after its failure", arguments: [
        [0, 1, 2, 1, 0, 5, 1, 9, 9],
        [1, 1, 1],
        [7, 7, 7, 7, 1, 7, 7, 7, 1, 7, 7, 1, 7],
    ])
    func drops(_ moves: [Int]) {
        let shrinker = WalkShrinker<Int>(budget: 1000, simpler: { _ in [] }, splice: { _ in nil }, fails: Self.threeOnes)
        #expect(shrinker.shrink(moves).moves == [1, 1, 1])
    }

    @Test("a step is simplified to its simplest form that still fails")
    func simplifies() {
        // Fails when some step is 4 or more: the simplest failing form of 9 is 4.
        let shrinker = WalkShrinker<Int>(budget: 1000, simpler: { m in Array(0..<m) }, splice: { _ in nil },
                                         fails: { moves in moves.firstIndex { $0 >= 4 }.map { $0 + 1 } })
        #expect(shrinker.shrink([2, 3, 9, 1]).moves == [4])
    }

    @Test("the model's shortest path is spliced in when it still fails, even where removing single steps cannot get there")
    func splices() {
        // Fails on 5 once the running sum is exactly 6; single removals cannot shorten [3, 3, 5] on their own, but the
        // splice [6, 5] is shorter and fails.
        let fails: ([Int]) -> Int? = { moves in
            var sum = 0
            for (i, m) in moves.enumerated() {
                if m == 5 && sum == 6 { return i + 1 }
                sum += m
            }
            return nil
        }
        let without = WalkShrinker<Int>(budget: 1000, simpler: { _ in [] }, splice: { _ in nil }, fails: fails)
        #expect(without.shrink([3, 3, 5]).moves == [3, 3, 5])
        let with = WalkShrinker<Int>(budget: 1000, simpler: { _ in [] }, splice: { _ in [6, 5] }, fails: fails)
        #expect(with.shrink([3, 3, 5]).moves == [6, 5])
    }

    @Test("the budget bounds the candidates run")
    func budget() {
        var calls = 0
        let shrinker = WalkShrinker<Int>(budget: 5, simpler: { _ in [] }, splice: { _ in nil },
                                         fails: { calls += 1; return Self.threeOnes($0) })
        let result = shrinker.shrink([0, 1, 2, 1, 0, 5, 1, 9, 9, 0, 0, 0])
        #expect(result.runs == 5)
        #expect(calls == 5)
        #expect(Self.threeOnes(result.moves) == result.moves.count)
    }
}

/// The seeded generator the walks draw from.
@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("seed 0 gives the reference stream")
    func reference() {
        var g = SplitMix64(seed: 0)
        #expect([g.next(), g.next(), g.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test("bounded draws stay in range and cover it")
    func bounded() {
        var g = SplitMix64(seed: 42)
        let draws = (0..<600).map { _ in g.next(below: 6) }
        #expect(Set(draws) == Set(0..<6))
        #expect(g.next(below: 1) == 0 && g.next(below: 0) == 0)
    }

    @Test("walk seeds differ by spec and by walk, and repeat")
    func walkSeeds() {
        let a = SplitMix64.walkSeed(1, spec: "toy.block", walk: 0)
        #expect(a == SplitMix64.walkSeed(1, spec: "toy.block", walk: 0))
        #expect(a != SplitMix64.walkSeed(1, spec: "toy.block", walk: 1))
        #expect(a != SplitMix64.walkSeed(1, spec: "toy.cover", walk: 0))
        #expect(a != SplitMix64.walkSeed(2, spec: "toy.block", walk: 0))
    }
}
