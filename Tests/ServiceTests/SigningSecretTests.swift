import ActionHubService
import ActionHubTesting
import Auth
import Basics
import Foundation
import TestSupport
import Testing

/// Where the token signing secret lives: never in the database.
@Suite struct SigningSecretTests {
    @Test func onSQLiteItIsAFileBesideTheDatabaseMadeOnceForItsOwnerOnly() throws {
        let database = TemporaryDatabase.path()
        let store = InMemoryKeyStore()
        let first = try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store)
        let file = SigningSecret.defaultFile(forDatabase: database)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        #expect(contents.hasPrefix("hex:") && contents.count == 4 + 64 + 1)
        let again = try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store)
        let token = try first.mint(user: "u-1", ttl: .seconds(60))
        #expect(try again.verify(token) == "u-1")
        #expect(try store.legacySigningSecret() == nil)
    }

    /// An upgrade moves the secret an older version kept in the database into the file, with the
    /// same bytes: tokens minted before still verify, and the database no longer holds it.
    @Test func aSecretTheDatabaseHeldIsMovedOutAndItsTokensStillVerify() throws {
        let database = TemporaryDatabase.path()
        let store = InMemoryKeyStore()
        let legacy = (0..<32).map { _ in UInt8.random(in: 0...255) }
        store.storeLegacySigningSecret(legacy)
        let before = try TokenSigner(secret: legacy).mint(user: "u-1", ttl: .seconds(60))
        let signer = try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store)
        #expect(try signer.verify(before) == "u-1")
        #expect(try store.legacySigningSecret() == nil)
        let contents = try String(contentsOfFile: SigningSecret.defaultFile(forDatabase: database), encoding: .utf8)
        #expect(contents == "hex:" + Hex.encode(legacy) + "\n")
    }

    @Test func aGivenFileWinsAndAPreviousFileKeepsItsTokensValidWhileRotating() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = directory.appendingPathComponent("old").path
        let new = directory.appendingPathComponent("new").path
        try "old-secret-old-secret-old-secret-0\n".write(toFile: old, atomically: true, encoding: .utf8)
        try ("hex:" + String(repeating: "ab", count: 32)).write(toFile: new, atomically: true, encoding: .utf8)
        let store = InMemoryKeyStore()
        let database = DatabaseLocation.sqlite(path: TemporaryDatabase.path())
        let before = try SigningSecret.signer(.init(file: old), database: database, store: store)
        #expect(
            try before.verify(
                try TokenSigner(secret: Array("old-secret-old-secret-old-secret-0".utf8)).mint(
                    user: "u-1", ttl: .seconds(60))) == "u-1")
        let oldToken = try before.mint(user: "u-1", ttl: .seconds(60))
        let rotating = try SigningSecret.signer(.init(file: new, previousFile: old), database: database, store: store)
        #expect(try rotating.verify(oldToken) == "u-1")
        #expect(
            try TokenSigner(secret: Array(repeating: 0xab, count: 32)).verify(
                try rotating.mint(user: "u-2", ttl: .seconds(60))) == "u-2")
        let rotated = try SigningSecret.signer(.init(file: new), database: database, store: store)
        #expect(throws: TokenError.badSignature) { try rotated.verify(oldToken) }
        #expect(!FileManager.default.fileExists(atPath: SigningSecret.defaultFile(forDatabase: database.description)))
    }

    @Test func postgreSQLInstancesMustBeGivenTheSecretAndShortSecretsAreRefused() throws {
        let postgreSQL = DatabaseLocation.postgreSQL(url: "postgresql://actionhub@127.0.0.1:1/none")
        #expect(throws: SigningSecret.Problem.self) {
            try SigningSecret.signer(.init(), database: postgreSQL, store: InMemoryKeyStore())
        }
        // An older version's secret in the database is used until moved out.
        let store = InMemoryKeyStore()
        store.storeLegacySigningSecret(Array(repeating: 7, count: 32))
        let signer = try SigningSecret.signer(.init(), database: postgreSQL, store: store)
        #expect(signer.keyId == (try TokenSigner(secret: Array(repeating: 7, count: 32))).keyId)
        #expect(throws: SigningSecret.Problem.self) {
            try SigningSecret.signer(.init(secret: "too-short"), database: postgreSQL, store: store)
        }
    }
}
