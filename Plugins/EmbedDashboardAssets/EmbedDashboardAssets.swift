import Foundation
import PackagePlugin

/// Embeds the dashboard's page, scripts, style sheet and icon (real files under the Dashboard
/// target's `Resources`) into the binary: one generated Swift file, made again whenever one of
/// them changes. No outside dependency: the tool is this package's DashboardEmbedder.
@main
struct EmbedDashboardAssets: BuildToolPlugin {
    /// Swift name of each asset → its file.
    static let assets = [
        ("page", "dashboard.html"), ("script", "dashboard.js"), ("subjectsScript", "subjects.js"),
        ("funnelScript", "funnel.js"),
        ("style", "dashboard.css"), ("icon", "favicon.svg"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Sources/Dashboard/Resources")
        let output = context.pluginWorkDirectoryURL.appending(path: "DashboardAssets+Embedded.swift")
        let files = Self.assets.map { (name: $0.0, url: resources.appending(path: $0.1)) }
        return [
            .buildCommand(
                displayName: "Embedding the dashboard's files",
                executable: try context.tool(named: "DashboardEmbedder").url,
                arguments: [output.path] + files.map { "\($0.name)=\($0.url.path)" },
                inputFiles: files.map(\.url),
                outputFiles: [output])
        ]
    }
}
