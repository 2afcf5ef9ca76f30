import ActionHubDomain
import Codegen
import Foundation

/// `actionhub routes check [DIR]`: exit 0 when every route file is valid, else 1 with each problem.
enum RoutesCheckCommand {
    static let usage = """
        Usage: actionhub routes check [DIR] [--apns DIR]

        Validates every .json file in DIR (default ACTIONHUB_ROUTES, then ./routes), refusing identifiers whose Swift names
        (from gen ios) collide or are keywords and warning about deprecated options, and every .apns push in the --apns
        directory (default ./fixtures/apns, when it exists) against those routes: category,
        required userInfo keys, mutable-content with media, 4096 bytes. Prints each problem as
        FILE: FIELD: MESSAGE and exits 1 when there is one.
        """

    /// `actionhub routes …`: `check` is the one subcommand; `routes --help` shows its usage.
    static func runGroup(_ words: ArraySlice<String>) throws -> Int32 {
        switch words.first {
        case "check": return try run(words.dropFirst())
        case "--help", "-h":
            print(usage)
            return 0
        default: throw UsageError(words.first.map { "routes takes check, not \"\($0)\"" } ?? "routes takes check")
        }
    }

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(words, known: ["apns"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals.count <= 1 else { throw UsageError("routes check takes one directory") }
        let directory = RouteFiles.directory(arguments.positionals.first)
        guard let table = RouteFiles.load(directory) else { return 1 }
        // What `gen ios` could not turn into Swift that compiles is refused here, not in Xcode.
        let nameProblems = SwiftNames.problems(in: table)
        for problem in nameProblems { printError(problem.description) }
        guard nameProblems.isEmpty else { return 1 }
        for warning in table.warnings { printError("warning: \(warning.description)") }
        let actionCount = table.categories.reduce(0) { $0 + $1.actions.count }
        print("\(directory): \(table.categories.count) categories, \(actionCount) actions, all valid")

        let pushDirectory = arguments.options["apns"] ?? "fixtures/apns"
        guard arguments.options["apns"] != nil || FileManager.default.fileExists(atPath: pushDirectory) else {
            return 0
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: pushDirectory).filter { $0.hasSuffix(".apns") }
        } catch {
            printError("\(pushDirectory): cannot read the directory")
            return 1
        }
        let checker = APNsFileChecker(routes: table)
        var problems: [RouteError] = []
        for name in names.sorted() {
            let path = (pushDirectory as NSString).appendingPathComponent(name)
            let bytes = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
            problems += checker.check(bytes, file: path)
        }
        for problem in problems { printError(problem.description) }
        guard problems.isEmpty else { return 1 }
        print("\(pushDirectory): \(names.count) pushes, all valid")
        return 0
    }
}
