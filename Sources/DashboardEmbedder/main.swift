import Foundation

// Writes the dashboard's files into Swift, at build time: `DashboardEmbedder OUTPUT NAME=FILE…`
// makes OUTPUT, an extension of `DashboardAssets` with one `static let NAME` per file, its text
// exactly as the file holds it. The files stay real files (readable, diffable, syntax-checked);
// the binary still needs nothing beside it. Run by the EmbedDashboardAssets build-tool plugin.

/// A raw string literal that holds `text` as it is: enough `#` that neither its closing delimiter
/// nor an escape can occur in the text.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // A multi-line literal drops the line break before its closing delimiter: one more keeps the
    // file's last one. The closing delimiter at column 0 strips no indentation.
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: DashboardEmbedder OUTPUT NAME=FILE…\n".utf8))
    exit(2)
}
var source = "// Generated at build time by DashboardEmbedder from Sources/Dashboard/Resources: edit those files.\n\n"
source += "extension DashboardAssets {\n"
for pair in arguments.dropFirst() {
    guard let separator = pair.firstIndex(of: "=") else {
        FileHandle.standardError.write(Data("DashboardEmbedder: \(pair) is not NAME=FILE\n".utf8))
        exit(2)
    }
    let name = String(pair[..<separator])
    let path = String(pair[pair.index(after: separator)...])
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("DashboardEmbedder: cannot read \(path) as UTF-8\n".utf8))
        exit(1)
    }
    source += "    static let \(name) = \(rawLiteral(text))\n\n"
}
source += "}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("DashboardEmbedder: writing \(output) failed: \(error)\n".utf8))
    exit(1)
}
