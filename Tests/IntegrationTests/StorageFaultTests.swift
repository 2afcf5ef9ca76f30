import Foundation
import HTTPClient
import TestSupport
import Testing

/// A database on a small tmpfs that fills up: commits fail, requests get 503 with Retry-After and
/// never a 2xx, the server stays up, and it takes writes again once space is freed — no restart.
/// Mounting needs root, as CI and the development machines run.
@Suite("Storage faults", .serialized)
struct StorageFaultTests {
    @Test func aFullDiskAnswers503AndTheServerRecoversWhenSpaceReturns() throws {
        let mountPoint = TemporaryDirectory.make()
        let mounted = try Toolchain.run(
            "/usr/bin/env", ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path])
        try #require(mounted.status == 0, "cannot mount a tmpfs: \(mounted.output)")
        defer { _ = try? Toolchain.run("/usr/bin/env", ["umount", "-l", mountPoint.path]) }

        let server = try ServerProcess(
            databasePath: mountPoint.appendingPathComponent("db.sqlite").path, arguments: ["--rate-limit", "0"])
        let client = server.client
        let post = { (id: String) in
            try client.send(
                method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")],
                body: RequestBodies.response(id: id, text: String(repeating: "x", count: 400)))
        }
        #expect(try post(UUID().uuidString).status == 201)

        // Fill what is left of the file system.
        let filler = mountPoint.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let chunk = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        try? handle.close()

        var refused: [String] = []
        for _ in 0..<200 {
            let id = UUID().uuidString
            let response = try post(id)
            #expect(response.status == 201 || response.status == 503)
            if response.status == 503 {
                #expect(response.header("Retry-After") != nil)
                refused.append(id)
                if refused.count >= 5 { break }
            }
        }
        #expect(refused.count >= 5, "the full disk never failed a commit")
        #expect(try client.send(method: "GET", path: "/readyz").status == 503)
        #expect(try client.send(method: "GET", path: "/healthz").status == 200)

        try FileManager.default.removeItem(at: filler)
        // The same ids, retried as an app would: stored now, none of them before.
        for id in refused {
            #expect(try post(id).status == 201)
        }
        #expect(try client.send(method: "GET", path: "/readyz").status == 200)
        #expect(server.stop() == 0)
    }
}
