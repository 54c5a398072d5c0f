import Foundation
import SpecKit

/// A small argument parser in the style of swift-argument-parser: options, flags and positionals, with errors that
/// name the problem and point at `--help`.
public struct Arguments: Sendable {
    /// The arguments that are neither options nor their values, in order (everything after `--` too).
    public var positionals: [String] = []
    /// Each option given with its value (each at most once: a second is an error, as a templated command line that
    /// appends one would otherwise run with another value unseen).
    public var options: [String: String] = [:]
    /// The flags given.
    public var flags: Set<String> = []

    /// A mistake in the command line: the message says what, and the caller adds the usage line when it helps.
    public struct UsageError: Error {
        /// What is wrong, as one sentence.
        public var message: String
        /// Whether the usage line is printed under the message: not for a mistake the usage line cannot help with,
        /// such as an id that is not in the specs (the message says what to try instead).
        public var showsUsage: Bool
        /// Makes an error with its message, printed with the usage line unless `showsUsage` is false.
        public init(message: String, showsUsage: Bool = true) { (self.message, self.showsUsage) = (message, showsUsage) }
    }

    /// Parses `arguments` given the option names that take a value and the flag names. An option in `lists` takes a
    /// comma-separated list, and given again adds to it (`--row A --row B` is `--row A,B`).
    public init(_ arguments: [String], options valued: Set<String>, flags known: Set<String>, lists: Set<String> = []) throws {
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
                    let earlier = options[name]
                    guard earlier == nil || lists.contains(name) else { throw UsageError(message: "option \(name) is given twice; give it once") }
                    let value: String
                    if let inline {
                        value = inline
                    } else {
                        guard i + 1 < arguments.count else { throw UsageError(message: "option \(name) needs a value") }
                        value = arguments[i + 1]
                        i += 1
                    }
                    // An empty value (a CI variable left empty) names no file, folder or id: `--out ''` wrote into '/'.
                    guard value != "" else { throw UsageError(message: "option \(name) needs a value, and it was given an empty one") }
                    options[name] = earlier.map { $0 + "," + value } ?? value
                } else if known.contains(name) {
                    // A flag takes no value: `--strict=false` would read as on.
                    guard inline == nil else { throw UsageError(message: "\(name) takes no value: give \(name), or leave it out") }
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

/// Chooses a value from a closed list, or throws a usage error naming the choices.
public func choice<T: RawRepresentable & CaseIterable>(_ text: String?, _: T.Type, option: String, default value: T) throws -> T where T.RawValue == String {
    guard let text else { return value }
    guard let v = T(rawValue: text) else {
        throw Arguments.UsageError(message: "\(option) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
    }
    return v
}
