/// Command-line words split into `--name value` options (or `--name=value`), flags and positionals.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    /// Values of the options that may be given more than once, in order.
    var lists: [String: [String]] = [:]
    /// The flags (options without a value) that were given.
    var flags: Set<String> = []
    var wantsHelp = false

    /// `known` lists the option names that take a value, `repeatable` those that may come more than
    /// once, `flags` those that take no value; anything else starting with `--` is an error.
    init(_ words: ArraySlice<String>, known: Set<String>, repeatable: Set<String> = [], flags: Set<String> = [])
        throws(UsageError)
    {
        let known = known.union(repeatable)
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            if word == "--help" || word == "-h" {
                wantsHelp = true
            } else if word.hasPrefix("--"), flags.contains(String(word.dropFirst(2))) {
                self.flags.insert(String(word.dropFirst(2)))
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
                    // `serve --port --database x`: the port is missing, not "--database".
                    guard let next = iterator.next(), !next.hasPrefix("--") else {
                        throw UsageError("--\(name) needs a value")
                    }
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
}
