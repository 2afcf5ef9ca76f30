/// What a category's routes declare for its subjects: the sets, choices (with their values) and
/// lists its actions keep, in action order, each once.
extension CategoryRoute {
    public var declaredSets: [String] {
        unique(actions.filter { $0.handler == "toggle" }.compactMap { $0.settings["set"]?.stringValue })
    }

    public var declaredChoices: [String] {
        unique(actions.filter { $0.handler == "choice" }.compactMap { $0.settings["choice"]?.stringValue })
    }

    public var declaredLists: [String] {
        unique(actions.filter { $0.handler == "text" }.compactMap { $0.settings["list"]?.stringValue })
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
