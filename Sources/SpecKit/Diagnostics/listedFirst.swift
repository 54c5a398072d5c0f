/// How many findings of one kind a machine or a spec lists one by one; the rest are counted in one more finding.
let maximumListedFindings = 100

/// The findings for a list of items that may run to thousands (a table of thousands of rows on a wrong declaration):
/// `each` for the first `maximumListedFindings` of them, then `rest` with how many are left and the first of those.
func listedFirst<Item>(_ items: [Item], _ each: (Item) -> Diagnostic, rest: (_ count: Int, _ first: Item) -> Diagnostic) -> [Diagnostic] {
    var out = items.prefix(maximumListedFindings).map(each)
    if let first = items.dropFirst(maximumListedFindings).first { out.append(rest(items.count - maximumListedFindings, first)) }
    return out
}
