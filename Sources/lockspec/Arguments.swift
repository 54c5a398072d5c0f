import Foundation
import SpecKit

/// A small argument parser in the style of swift-argument-parser: options, flags and positionals, with errors that
/// name the problem and point at `--help`.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    struct UsageError: Error { var message: String }

    /// Parses `arguments` given the option names that take a value and the flag names.
    init(_ arguments: [String], options valued: Set<String>, flags known: Set<String>) throws {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" {
                positionals += arguments[(i + 1)...]
                break
            }
            if a.hasPrefix("--") || (a.hasPrefix("-") && a.count == 2) {
                var name = a
                var inline: String?
                if let eq = a.firstIndex(of: "=") {
                    name = String(a[..<eq])
                    inline = String(a[a.index(after: eq)...])
                }
                if valued.contains(name) {
                    if let inline {
                        options[name] = inline
                    } else {
                        guard i + 1 < arguments.count else { throw UsageError(message: "option \(name) needs a value") }
                        options[name] = arguments[i + 1]
                        i += 1
                    }
                } else if known.contains(name) {
                    flags.insert(name)
                } else {
                    let all = Array(valued) + Array(known)
                    let guess = Suggest.closest(to: name, in: all).map { " (did you mean \($0)?)" } ?? ""
                    throw UsageError(message: "unknown option \(name)\(guess)")
                }
            } else {
                positionals.append(a)
            }
            i += 1
        }
    }
}
