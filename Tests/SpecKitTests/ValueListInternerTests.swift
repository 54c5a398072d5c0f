import Testing
@testable import SpecKit

/// The search shares equal lists of values (`ValueListInterner`): only lists with the very same bytes are shared, so
/// a shared list always prints as the one it stands for, and the table stops growing at its capacity.
@Suite("Value list interner")
struct ValueListInternerTests {
    /// Whether two arrays use one buffer.
    private func sameBuffer(_ a: [Value], _ b: [Value]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// A list built fresh, so it never shares a buffer with another.
    private func fresh(_ values: [Value]) -> [Value] {
        var list: [Value] = []
        list.reserveCapacity(values.count)
        list.append(contentsOf: values)
        return list
    }

    @Test("an equal list is answered with the first one's buffer; a different one is kept as it is")
    func shares() {
        var interner = ValueListInterner()
        let first = fresh([.bool(true), .int(3), .symbol("locked")])
        let again = fresh([.bool(true), .int(3), .symbol("locked")])
        let other = fresh([.bool(true), .int(4), .symbol("locked")])
        #expect(!sameBuffer(first, again))
        #expect(sameBuffer(interner.intern(first), first))
        let shared = interner.intern(again)
        #expect(shared == again)
        #expect(sameBuffer(shared, first))
        #expect(sameBuffer(interner.intern(other), other))
        #expect(interner.intern([]) == [])
    }

    @Test("two spellings of one text (composed, decomposed) are equal to Swift but never shared")
    func exactBytes() {
        var interner = ValueListInterner()
        let composed = fresh([.symbol("caf\u{E9}")])
        let decomposed = fresh([.symbol("cafe\u{301}")])
        #expect(composed == decomposed)
        _ = interner.intern(composed)
        let answer = interner.intern(decomposed)
        #expect(sameBuffer(answer, decomposed))
        guard case .symbol(let text) = answer[0] else { Issue.record("not a symbol"); return }
        #expect(Array(text.utf8) == Array("cafe\u{301}".utf8))
    }

    @Test("a symbol and a text with the same letters are different values")
    func symbolIsNotText() {
        var interner = ValueListInterner()
        let symbol = fresh([.symbol("idle")]), text = fresh([.text("idle")])
        _ = interner.intern(symbol)
        #expect(sameBuffer(interner.intern(text), text))
    }

    @Test("past its capacity a new list is handed back as it is and not kept")
    func capacity() {
        var interner = ValueListInterner()
        for n in 0..<ValueListInterner.capacity { _ = interner.intern(fresh([.int(n)])) }
        let late = fresh([.int(-1)]), lateAgain = fresh([.int(-1)])
        #expect(sameBuffer(interner.intern(late), late))
        #expect(sameBuffer(interner.intern(lateAgain), lateAgain))
        // One kept before the limit is still shared.
        let early = fresh([.int(0)])
        #expect(!sameBuffer(interner.intern(early), early))
    }
}
