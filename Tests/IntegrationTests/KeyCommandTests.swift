import Auth
import Foundation
import HTTPClient
import JSON
import SQLite
import TestSupport
import Testing

@Suite("Keys and tokens from the command line")
struct KeyCommandTests {
    static let secret = "test-signing-secret-0123456789-abcdef"
    static let signer = try! TokenSigner(secret: Array(secret.utf8))

    /// A server with a known signing secret, keys of each kind made with the CLI, and one stored
    /// response of user `alice`.
    struct World {
        let server: ServerProcess
        let writeKey: String
        let readKey: String
        let revokedKey: String
        let aliceResponse: String

        init(arguments: [String] = []) throws {
            server = try ServerProcess(arguments: ["--signing-secret", KeyCommandTests.secret] + arguments)
            writeKey = try Self.key("responses:write", in: server.databasePath)
            readKey = try Self.key("history:read", in: server.databasePath)
            revokedKey = try Self.key("admin", in: server.databasePath)
            let id = String(revokedKey.split(separator: "_")[1])
            #expect(try ActionHubExecutable.run(["keys", "revoke", id, "--database", server.databasePath]).status == 0)
            aliceResponse = UUID().uuidString
            let created = try server.client.send(
                method: "POST", path: "/v1/responses", headers: [("Content-Type", "application/json")],
                body: RequestBodies.response(id: aliceResponse, user: "alice"))
            #expect(created.status == 201)
        }

        static func key(_ scope: String, in database: String) throws -> String {
            let outcome = try ActionHubExecutable.run([
                "keys", "create", "--scope", scope, "--name", scope, "--database", database,
            ])
            #expect(outcome.status == 0)
            return outcome.standardOutput.trimmingCharacters(in: .newlines)
        }
    }

    static func send(_ path: String, authorization: String, to world: World) throws -> HTTPClientResponse {
        try world.server.anonymousClient.send(method: "GET", path: path, headers: [("Authorization", authorization)])
    }

    @Test func tokensFromTheAPIAndTheCommandLineWork() throws {
        let world = try World()
        let issued = try world.server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "alice", "ttlSeconds": 120}"#.utf8))
        #expect(issued.status == 201)
        let token = try #require(try JSONParser().parse(issued.body)["token"]?.stringValue)
        let own = try Self.send("/v1/users/alice/responses", authorization: "Bearer \(token)", to: world)
        #expect(own.status == 200)
        let badTTL = try world.server.client.send(
            method: "POST", path: "/v1/tokens", headers: [("Content-Type", "application/json")],
            body: Array(#"{"userId": "alice", "ttlSeconds": 5}"#.utf8))
        #expect(badTTL.status == 422)

        let minted = try ActionHubExecutable.run([
            "tokens", "mint", "--user", "alice", "--ttl", "5m", "--signing-secret", Self.secret,
            "--database", world.server.databasePath,
        ])
        #expect(minted.status == 0)
        let cliToken = minted.standardOutput.trimmingCharacters(in: .newlines)
        #expect(cliToken.split(separator: ".").count == 3)
        let viaCLI = try Self.send("/v1/users/alice/responses", authorization: "Bearer \(cliToken)", to: world)
        #expect(viaCLI.status == 200)
    }

    /// `tokens revoke` in another process: the server refuses the user's earlier tokens once its
    /// key cache (here 0 s) no longer holds the answer.
    @Test func tokensRevokedFromTheCommandLineAreRefused() throws {
        let world = try World(arguments: ["--key-cache", "0"])
        let token = try Self.signer.mint(user: "alice", ttl: .seconds(600), now: Date().addingTimeInterval(-5))
        #expect(try Self.send("/v1/users/alice/responses", authorization: "Bearer \(token)", to: world).status == 200)
        let revoked = try ActionHubExecutable.run([
            "tokens", "revoke", "--user", "alice", "--database", world.server.databasePath,
        ])
        #expect(revoked.status == 0, "\(revoked.standardError)")
        #expect(revoked.standardOutput.hasPrefix("revoked the tokens of alice issued before "))
        #expect(try Self.send("/v1/users/alice/responses", authorization: "Bearer \(token)", to: world).status == 401)
        let missingUser = try ActionHubExecutable.run(["tokens", "revoke", "--database", world.server.databasePath])
        #expect(missingUser.status == 2 && missingUser.standardError.contains("tokens revoke needs --user"))
    }

    /// With no secret given, serve on SQLite makes one in DATABASE.signing-secret (0600); tokens
    /// the CLI mints from it work; neither the database nor a backup of it holds the secret.
    @Test func theSigningSecretLivesBesideTheDatabaseNotInIt() throws {
        let server = try ServerProcess()
        let file = server.databasePath + ".signing-secret"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let minted = try ActionHubExecutable.run([
            "tokens", "mint", "--user", "alice", "--database", server.databasePath,
        ])
        #expect(minted.status == 0, "\(minted.standardError)")
        let token = minted.standardOutput.trimmingCharacters(in: .newlines)
        let read = try server.anonymousClient.send(
            method: "GET", path: "/v1/users/alice/responses", headers: [("Authorization", "Bearer \(token)")])
        #expect(read.status == 200)
        let copy = TemporaryDirectory.make().appendingPathComponent("copy.sqlite").path
        #expect(try ActionHubExecutable.run(["backup", "--database", server.databasePath, "--to", copy]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: copy + ".signing-secret"))
        let secret = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .newlines)
        for path in [server.databasePath, copy] {
            let rows = try SQLiteConnection(path: path, mode: .readOnly).prepare(
                "SELECT count(*) FROM secrets WHERE name = 'token-signing'"
            ).rows { $0.integer(at: 0) }
            #expect(rows == [0])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.range(of: Data(secret.dropFirst(4).utf8)) == nil, "\(path) holds the secret")
        }
        #expect(server.stop() == 0)
    }

    /// A key made with its own rate limit keeps it (listed), and is held to it by the server.
    @Test func aKeyMadeWithItsOwnRateLimitIsHeldToIt() throws {
        let world = try World()
        let database = world.server.databasePath
        let made = try ActionHubExecutable.run([
            "keys", "create", "--scope", "history:read", "--name", "slow", "--rate-limit", "1", "--database", database,
        ])
        #expect(made.status == 0)
        let key = made.standardOutput.trimmingCharacters(in: .newlines)
        let listed = try ActionHubExecutable.run(["keys", "list", "--database", database]).standardOutput
        #expect(listed.split(separator: "\n").contains { $0.contains("\tslow\t") && $0.hasSuffix("\t1/s") })
        #expect(listed.split(separator: "\n").contains { $0.hasSuffix("\tdefault rate") })
        let statuses = try (0..<3).map { _ in
            try Self.send("/v1/categories", authorization: "Bearer \(key)", to: world).status
        }
        #expect(statuses == [200, 200, 429])

        let refused = try ActionHubExecutable.run([
            "keys", "create", "--scope", "admin", "--rate-limit", "fast", "--database", database,
        ])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "--rate-limit must be a whole number of requests a second from 1 to 1000000"))
    }

    @Test func keysAreNotRecoverableFromTheDatabaseFiles() throws {
        let world = try World()
        let listed = try ActionHubExecutable.run(["keys", "list", "--database", world.server.databasePath])
        #expect(listed.status == 0)
        #expect(listed.standardOutput.split(separator: "\n").count == 4)
        #expect(listed.standardOutput.contains("revoked"))
        for key in [world.writeKey, world.readKey, world.revokedKey, world.server.adminKey ?? ""] {
            #expect(!listed.standardOutput.contains(key))
            for file in [world.server.databasePath, world.server.databasePath + "-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
                #expect(bytes.range(of: Data(key.utf8)) == nil, "\(file) holds a raw key")
                // What follows `ahk_<12-hex id>_`; the secret itself may contain "_".
                let secretPart = Data(key.dropFirst(4 + 12 + 1).utf8)
                #expect(secretPart.count == 43)
                #expect(bytes.range(of: secretPart) == nil, "\(file) holds a key's secret")
            }
        }
    }
}
