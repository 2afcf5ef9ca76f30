/// The operator dashboard, compiled into the binary: one page, its script and its style sheet.
/// No CDN, no build step: the page loads only these and talks only to the API it is served by.
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
        Asset(path: "/dashboard/dashboard.js", contentType: "text/javascript; charset=utf-8", body: script),
        Asset(path: "/dashboard/dashboard.css", contentType: "text/css; charset=utf-8", body: style),
        Asset(path: "/dashboard/favicon.svg", contentType: "image/svg+xml", body: icon),
    ]

    /// Three bars: the browser asks for an icon, and a 404 in its console would hide real errors.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\
        <rect x="1" y="8" width="4" height="7" fill="#0b57d0"/><rect x="6" y="4" width="4" height="11" fill="#c2410c"/>\
        <rect x="11" y="1" width="4" height="14" fill="#15803d"/></svg>
        """
}
