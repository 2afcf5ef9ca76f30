import ActionHubService
import ActionHubTesting
import Auth
import Foundation
import TestSupport
import Testing

/// The restore trap: a database remembers which signing secret its tokens were signed with, and
/// a start without that secret refuses, naming the file and the flag, instead of minting a new
/// one that turns every user token into a 401.
@Suite struct RestoredSecretTests {
    func problem(_ body: () throws -> TokenSigner) -> String? {
        do {
            _ = try body()
            return nil
        } catch let problem as SigningSecret.Problem {
            return problem.description
        } catch {
            return "\(error)"
        }
    }

    @Test func aDatabaseRestoredWithoutItsSecretFileRefusesToStartAndNamesTheFile() throws {
        let database = TemporaryDatabase.path()
        let store = InMemoryKeyStore()
        let first = try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store)
        let token = try first.mint(user: "u-1", ttl: .seconds(600))
        let file = SigningSecret.defaultFile(forDatabase: database)
        let kept = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.removeItem(atPath: file)

        #expect(
            problem { try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store) }
                == "the token signing secret file \(file) is missing, but this database's user tokens were signed "
                + "with a secret (kid \(first.keyId)): restore that file from the backup, or pass "
                + "--signing-secret-file with it; --new-signing-secret makes a new one (every user token issued so "
                + "far stops verifying)")
        #expect(!FileManager.default.fileExists(atPath: file), "no new secret was made")

        // Restored with its file, the old tokens verify.
        try kept.write(to: URL(fileURLWithPath: file))
        let restored = try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store)
        #expect(try restored.verify(token) == "u-1")

        // Starting over is said out loud, and the old tokens are then refused.
        try FileManager.default.removeItem(atPath: file)
        let fresh = try SigningSecret.signer(.init(startOver: true), database: .sqlite(path: database), store: store)
        #expect(fresh.keyId != first.keyId)
        #expect(throws: TokenError.badSignature) { try fresh.verify(token) }
        #expect(try SigningSecret.signer(.init(), database: .sqlite(path: database), store: store).keyId == fresh.keyId)
    }

    @Test func anotherSecretIsRefusedUnlessItRotatesTheKnownOneOrStartsOver() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = directory.appendingPathComponent("old").path
        let other = directory.appendingPathComponent("other").path
        try "old-secret-old-secret-old-secret-0".write(toFile: old, atomically: true, encoding: .utf8)
        try "other-secret-other-secret-other-0".write(toFile: other, atomically: true, encoding: .utf8)
        let store = InMemoryKeyStore()
        let postgreSQL = DatabaseLocation.postgreSQL(url: "postgresql://actionhub@127.0.0.1:1/none")
        let first = try SigningSecret.signer(.init(file: old), database: postgreSQL, store: store)
        let otherId = try TokenSigner(secret: Array("other-secret-other-secret-other-0".utf8)).keyId

        #expect(
            problem { try SigningSecret.signer(.init(file: other), database: postgreSQL, store: store) }
                == "the token signing secret given (kid \(otherId)) is not the one this database's user tokens were "
                + "signed with (kid \(first.keyId)): pass --signing-secret-file with that secret (the file every "
                + "instance is given), or --new-signing-secret to start over with this one (every user token issued "
                + "so far stops verifying)")
        // A rotation names the known secret as the previous one: admitted, and both are known now,
        // so an instance not yet moved on can restart with the old one alone.
        let rotating = try SigningSecret.signer(
            .init(file: other, previousFile: old), database: postgreSQL, store: store)
        #expect(try store.signingSecretIds() == "\(otherId),\(first.keyId)")
        #expect(try rotating.verify(try first.mint(user: "u-1", ttl: .seconds(60))) == "u-1")
        _ = try SigningSecret.signer(.init(file: old), database: postgreSQL, store: store)
        #expect(problem { try SigningSecret.signer(.init(file: other), database: postgreSQL, store: store) } != nil)
        _ = try SigningSecret.signer(.init(file: other, startOver: true), database: postgreSQL, store: store)
        #expect(try store.signingSecretIds() == otherId)
    }
}
