/// The operator dashboard, compiled into the binary: one page, its scripts, its style sheet and
/// its icon (`Resources/`, embedded at build time as `page`, `script`, `subjectsScript`,
/// `funnelScript`, `style` and `icon`). No CDN: the page loads only these and talks only to the API it is served by.
public enum DashboardAssets {
    public struct Asset: Sendable {
        public var path: String
        public var contentType: String
        public var body: String
    }

    /// Everything the page may load comes from this server; scripts and styles only from
    /// these files (nothing inline), and no page may frame it.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    public static let all: [Asset] = [
        Asset(path: "/dashboard", contentType: "text/html; charset=utf-8", body: page),
        Asset(path: "/dashboard/subjects.js", contentType: "text/javascript; charset=utf-8", body: subjectsScript),
        Asset(path: "/dashboard/funnel.js", contentType: "text/javascript; charset=utf-8", body: funnelScript),
        Asset(path: "/dashboard/dashboard.js", contentType: "text/javascript; charset=utf-8", body: script),
        Asset(path: "/dashboard/dashboard.css", contentType: "text/css; charset=utf-8", body: style),
        Asset(path: "/dashboard/favicon.svg", contentType: "image/svg+xml", body: icon),
    ]
}
