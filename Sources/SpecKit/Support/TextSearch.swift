extension StringProtocol {
    /// The first place where `needle` occurs, compared byte for byte in UTF-8, or nil (an empty needle is found at
    /// the start).
    ///
    /// SpecKit's needles (`${`, `..`, `D-…`) start with an ASCII byte, so a match starts and ends on a scalar
    /// boundary and its range slices the text. Foundation's `contains` and `range(of:)`, which the bare calls pick
    /// when Foundation is imported, go through `NSString`: about 40,000 instructions a call on a spec's short texts,
    /// a tenth of compiling specs/.
    public func rangeOfText(_ needle: String) -> Range<Index>? {
        let text = utf8, pattern = needle.utf8
        guard let first = pattern.first else { return startIndex..<startIndex }
        var start = text.startIndex
        while let candidate = text[start...].firstIndex(of: first) {
            var i = candidate, j = pattern.startIndex
            while j != pattern.endIndex, i != text.endIndex, text[i] == pattern[j] {
                text.formIndex(after: &i)
                pattern.formIndex(after: &j)
            }
            if j == pattern.endIndex { return candidate..<i }
            start = text.index(after: candidate)
        }
        return nil
    }

    /// Whether `needle` occurs in the text, compared byte for byte in UTF-8 (see `rangeOfText`).
    public func containsText(_ needle: String) -> Bool { rangeOfText(needle) != nil }
}
