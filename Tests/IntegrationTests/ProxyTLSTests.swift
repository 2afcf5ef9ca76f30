import Foundation
import TestSupport
import Testing

/// `deploy/nginx/actionhub.conf` in front of a real server: an https POST reaches it through
/// Debian's nginx and is stored. Only the ports and certificate paths of the file are replaced.
@Suite("TLS through nginx")
struct ProxyTLSTests {
    static let site = ActionHubExecutable.packageRoot.appendingPathComponent("deploy/nginx/actionhub.conf")

    @Test func anHTTPSPostThroughNginxIsStored() throws {
        let server = try ServerProcess()
        let folder = TemporaryDirectory.make()
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let made = try Toolchain.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate,
            ])
        try #require(made.status == 0, "\(made.output)")

        let httpsPort = try #require(PostgreSQLCluster.freePort())
        let site = try String(contentsOf: Self.site, encoding: .utf8)
        let replacements = [
            ("server 127.0.0.1:8080;", "server 127.0.0.1:\(server.port);"),
            ("listen 443 ssl http2;", "listen 127.0.0.1:\(httpsPort) ssl http2;"),
            ("/etc/letsencrypt/live/actionhub.example.com/fullchain.pem", certificate),
            ("/etc/letsencrypt/live/actionhub.example.com/privkey.pem", key),
        ]
        var tested = site
        for (original, replacement) in replacements {
            #expect(tested.contains(original), "the site file no longer has \(original)")
            tested = tested.replacingOccurrences(of: original, with: replacement)
        }
        try tested.write(to: folder.appendingPathComponent("actionhub.conf"), atomically: true, encoding: .utf8)
        let temporary = folder.path
        let main = """
            \(getuid() == 0 ? "user root;" : "")
            daemon off;
            pid \(temporary)/nginx.pid;
            error_log \(temporary)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(temporary)/body;
                proxy_temp_path \(temporary)/proxy;
                fastcgi_temp_path \(temporary)/fastcgi;
                uwsgi_temp_path \(temporary)/uwsgi;
                scgi_temp_path \(temporary)/scgi;
                include \(temporary)/actionhub.conf;
            }
            """
        try main.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-p", temporary, "-c", folder.appendingPathComponent("nginx.conf").path]
        try nginx.run()
        defer {
            nginx.terminate()
            nginx.waitUntilExit()
        }

        let url = "https://localhost:\(httpsPort)"
        let id = UUID().uuidString
        let body = String(decoding: RequestBodies.response(id: id, user: "u-tls"), as: UTF8.self)
        let authorization = "Authorization: Bearer \(server.adminKey ?? "")"
        func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
            try Toolchain.run(
                "/usr/bin/curl",
                ["-sS", "--cacert", certificate, "-o", "/dev/null", "-w", "%{http_code} %{http_version}"] + arguments)
        }
        // nginx binds its port a moment after it starts.
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? curl(["\(url)/healthz"]))?.output == "200 2"
            if !ready { Thread.sleep(forTimeInterval: 0.05) }
        }
        let log = (try? String(contentsOfFile: "\(temporary)/error.log", encoding: .utf8)) ?? ""
        try #require(ready, "nginx did not answer /healthz over https: \(log)")

        let posted = try curl([
            "-H", authorization, "-H", "Content-Type: application/json", "--data-binary", body,
            "\(url)/v1/responses",
        ])
        #expect(posted.output == "201 2", "\(posted.output)")
        let stored = try server.client.send(method: "GET", path: "/v1/responses/\(id)")
        #expect(stored.status == 200)
        #expect(String(decoding: stored.body, as: UTF8.self).contains(#""userId":"u-tls""#))
    }
}
