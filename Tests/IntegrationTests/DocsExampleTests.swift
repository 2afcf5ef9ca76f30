import Foundation
import TestSupport
import Testing

/// Every ```sh block of README.md and docs/ run as written, in reading order, against one live
/// server, so an example that drifts from the server fails here. Blocks fenced ```console (the
/// quick start, other machines' commands) are not run. `http://127.0.0.1:8080` becomes the test
/// server's address; `.build/release/actionhub` is the built binary, run in a folder that holds
/// the server's `actionhub.sqlite`, `routes` and `fixtures`.
@Suite("Docs examples")
struct DocsExampleTests {
    struct Block: CustomStringConvertible {
        var file: String
        var line: Int
        var script: String
        var description: String { "\(file):\(line)" }

        /// The statuses a block may get besides 2xx: the `# 404 …` comments it shows.
        var namedStatuses: Set<Int> {
            Set(
                script.split(separator: "\n").compactMap { line -> Int? in
                    guard line.hasPrefix("# "), let code = Int(line.dropFirst(2).prefix(3)) else { return nil }
                    return (100...599).contains(code) ? code : nil
                })
        }
    }

    /// README first, then docs/ in the order a newcomer reads them, then any other page.
    static let readingOrder = [
        "README.md", "docs/api.md", "docs/access.md", "docs/routes-and-handlers.md",
        "docs/webhooks-and-feed.md", "docs/app.md", "docs/personal-data.md", "docs/operations.md", "docs/postgresql.md",
        "docs/durability.md", "docs/architecture.md",
    ]

    static func pages() throws -> [String] {
        let others = try FileManager.default.contentsOfDirectory(
            atPath: ActionHubExecutable.packageRoot.appendingPathComponent("docs").path
        ).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }.filter { !readingOrder.contains($0) }.sorted()
        return readingOrder + others
    }

    static func blocks(in file: String) throws -> [Block] {
        let text = try String(
            contentsOf: ActionHubExecutable.packageRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [Block] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var open = current {
                if line == "```" {
                    blocks.append(Block(file: file, line: open.line, script: open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if line == "```sh" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    /// Each curl's status goes to $STATUS_LOG; its output is passed on without it.
    static let prelude = #"""
        set -euo pipefail
        curl() {
          local out
          out=$(command curl -sS -w '\n@@status %{http_code}' "$@") || { echo "curl failed: $*" >&2; return 1; }
          echo "${out##*@@status }" >> "$STATUS_LOG"
          printf '%s\n' "${out%$'\n'@@status *}"
        }

        """#

    @Test func everyShellExampleRunsAgainstALiveServer() throws {
        let folder = TemporaryDirectory.make()
        let root = ActionHubExecutable.packageRoot
        let files = FileManager.default
        try files.createDirectory(
            at: folder.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try files.createSymbolicLink(
            at: folder.appendingPathComponent(".build/release/actionhub"), withDestinationURL: ActionHubExecutable.url)
        for shared in ["routes", "fixtures"] {
            try files.createSymbolicLink(
                at: folder.appendingPathComponent(shared), withDestinationURL: root.appendingPathComponent(shared))
        }
        let server = try ServerProcess(databasePath: folder.appendingPathComponent("actionhub.sqlite").path)
        let key = try #require(server.adminKey)
        let blocks = try Self.pages().flatMap(Self.blocks(in:))
        // The docs hold far more; fewer means the extraction broke, not that all is well.
        #expect(blocks.count >= 15, "only \(blocks.count) sh blocks found")
        for block in blocks {
            let statusLog = folder.appendingPathComponent("statuses")
            try? files.removeItem(at: statusLog)
            let script = Self.prelude + block.script.replacingOccurrences(of: "http://127.0.0.1:8080", with: server.url)
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/bash")
            shell.arguments = ["-c", script]
            shell.currentDirectoryURL = folder
            shell.environment = ProcessInfo.processInfo.environment.merging([
                "ACTIONHUB_KEY": key, "ACTIONHUB_DATABASE": "actionhub.sqlite", "STATUS_LOG": statusLog.path,
            ]) { $1 }
            let output = folder.appendingPathComponent("output")
            try #require(files.createFile(atPath: output.path, contents: nil))
            let handle = try FileHandle(forWritingTo: output)
            shell.standardOutput = handle
            shell.standardError = handle
            try shell.run()
            shell.waitUntilExit()
            try handle.close()
            let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            #expect(shell.terminationStatus == 0, "\(block) exited \(shell.terminationStatus):\n\(printed)")
            let statuses = ((try? String(contentsOf: statusLog, encoding: .utf8)) ?? "").split(separator: "\n")
                .map { Int($0) ?? 0 }
            for status in statuses where !(200...299).contains(status) {
                #expect(block.namedStatuses.contains(status), "\(block) got \(status):\n\(printed)")
            }
        }
    }
}
