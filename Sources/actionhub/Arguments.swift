/// Command-line words split into `--name value` options (or `--name=value`), flags and positionals.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    /// Values of the options that may be given more than once, in order.
    var lists: [String: [String]] = [:]
    var wantsHelp = false

    /// `known` lists the option names that take a value, `repeatable` those that may come more than
    /// once; anything else starting with `--` is an error.
    init(_ words: ArraySlice<String>, known: Set<String>, repeatable: Set<String> = []) throws(UsageError) {
        let known = known.union(repeatable)
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            if word == "--help" || word == "-h" {
                wantsHelp = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: String
                let value: String
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    value = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                    guard known.contains(name) else { throw UsageError("unknown option --\(name)") }
                    guard let next = iterator.next() else { throw UsageError("--\(name) needs a value") }
                    value = next
                }
                guard known.contains(name) else { throw UsageError("unknown option --\(name)") }
                if repeatable.contains(name) {
                    lists[name, default: []].append(value)
                    continue
                }
                guard options[name] == nil else { throw UsageError("--\(name) is given twice") }
                options[name] = value
            } else {
                positionals.append(word)
            }
        }
    }

    func integer(_ name: String, default value: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = options[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// Words on the command line that do not make a valid command; exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
