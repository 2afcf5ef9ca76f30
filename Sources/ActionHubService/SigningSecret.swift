import Auth
import Basics
import Crypto
import Foundation
import Telemetry

/// The deployment's token signing secret, kept out of the database: every backup or dump of the
/// database would otherwise let its holder mint tokens for any user.
public enum SigningSecret {
    /// Where the secrets come from, as `serve` and `tokens mint` are told.
    public struct Settings: Sendable {
        /// The secret itself (`--signing-secret`).
        public var secret: String?
        /// A file holding it (`--signing-secret-file`).
        public var file: String?
        /// A file holding the secret being rotated out: its tokens still verify.
        public var previousFile: String?
        /// `--new-signing-secret`: serve with a secret this database was not served with (or make
        /// one where the file is missing), knowing that every user token issued so far stops verifying.
        public var startOver: Bool

        public init(secret: String? = nil, file: String? = nil, previousFile: String? = nil, startOver: Bool = false) {
            self.secret = secret.flatMap { $0.isEmpty ? nil : $0 }
            self.file = file.flatMap { $0.isEmpty ? nil : $0 }
            self.previousFile = previousFile.flatMap { $0.isEmpty ? nil : $0 }
            self.startOver = startOver
        }
    }

    /// Why there is no usable secret; said to the operator as it is.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The secret given, else (SQLite) the file next to the database, made on the first start
    /// (0600) or moved there from the database by an upgrade. PostgreSQL instances share no disk:
    /// each must be given the same secret, except while an older version's stays in the database
    /// (used, with a warning, until it is moved out).
    public static func signer(
        _ settings: Settings, database: DatabaseLocation, store: any KeyStore, logger: Logger? = nil
    ) throws -> TokenSigner {
        let current: [UInt8]
        if let secret = settings.secret {
            current = Array(secret.utf8)
        } else if let file = settings.file {
            current = try read(file)
        } else if case .sqlite(let path) = database {
            current = try fileBeside(path, store: store, startOver: settings.startOver, logger: logger)
        } else if let legacy = try store.legacySigningSecret() {
            logger?.warning(
                "the token signing secret is still kept in the database; give every instance the same "
                    + "--signing-secret-file instead", [:])
            current = legacy
        } else {
            throw Problem(
                description:
                    "on PostgreSQL every instance needs the same token signing secret: give --signing-secret-file "
                    + "(or --signing-secret, ACTIONHUB_SIGNING_SECRET[_FILE]), at least 32 bytes")
        }
        let previous = try settings.previousFile.map { try read($0) }
        let signer: TokenSigner
        do {
            signer = try TokenSigner(secret: current, previous: previous)
        } catch .weakSecret {
            throw Problem(description: "a token signing secret must be at least 32 bytes")
        }
        try checkRecorded(signer, settings: settings, database: database, store: store)
        return signer
    }

    /// A database remembers the ids of the secrets it was served with: a restore without its
    /// secret file, or a start with another secret, would otherwise mint or take a new one and
    /// turn every user token issued so far into a 401. Either secret of a rotation (current or
    /// previous) that the database knows admits the start; the ids recorded are then this start's.
    private static func checkRecorded(
        _ signer: TokenSigner, settings: Settings, database: DatabaseLocation, store: any KeyStore
    ) throws {
        let ids = [signer.keyId] + (signer.previousKeyId.map { [$0] } ?? [])
        let recorded = try store.signingSecretIds()
        if let recorded, !settings.startOver {
            let known = recorded.split(separator: ",").map(String.init)
            guard ids.contains(where: known.contains) else {
                throw Problem(
                    description: "the token signing secret given (kid \(signer.keyId)) is not the one this database's "
                        + "user tokens were signed with (kid \(known.joined(separator: " or "))): pass "
                        + "--signing-secret-file with that secret (\(expectedFile(database))), or --new-signing-secret "
                        + "to start over with this one (every user token issued so far stops verifying)")
            }
        }
        let current = ids.joined(separator: ",")
        if recorded != current { try store.recordSigningSecretIds(current) }
    }

    /// Where a start without a secret given looks for it.
    private static func expectedFile(_ database: DatabaseLocation) -> String {
        if case .sqlite(let path) = database { return defaultFile(forDatabase: path) }
        return "the file every instance is given"
    }

    /// The default file of an SQLite database: `<database>.signing-secret`.
    public static func defaultFile(forDatabase path: String) -> String { path + ".signing-secret" }

    /// The secret in a file: its text without the final line break, as `--signing-secret` takes
    /// it; or, written `hex:…`, the bytes the hex stands for (how the files made here hold random
    /// bytes, and a secret moved out of the database keeps the very bytes its tokens were signed with).
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the token signing secret file \(path)")
        }
        var bytes = Array(data)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard bytes.starts(with: Array("hex:".utf8)) else { return bytes }
        guard let decoded = Hex.decode(String(decoding: bytes.dropFirst(4), as: UTF8.self)) else {
            throw Problem(description: "the token signing secret file \(path) starts with hex: but is not hex")
        }
        return decoded
    }

    /// The file beside the database; made once, holding the secret an older version kept in the
    /// database if there is one (then removed from it), else 32 random bytes as hex.
    private static func fileBeside(_ databasePath: String, store: any KeyStore, startOver: Bool, logger: Logger?)
        throws -> [UInt8]
    {
        let path = defaultFile(forDatabase: databasePath)
        if FileManager.default.fileExists(atPath: path) {
            let secret = try read(path)
            if try store.legacySigningSecret() != nil { try store.removeLegacySigningSecret() }
            return secret
        }
        // A database that was served before had its file: it was restored without it, or the
        // file went. A new secret here would make every user token a 401.
        if let recorded = try store.signingSecretIds(), !startOver {
            throw Problem(
                description: "the token signing secret file \(path) is missing, but this database's user tokens "
                    + "were signed with a secret (kid \(recorded.replacingOccurrences(of: ",", with: " or "))): "
                    + "restore that file from the backup, or pass --signing-secret-file with it; "
                    + "--new-signing-secret makes a new one (every user token issued so far stops verifying)")
        }
        let legacy = try store.legacySigningSecret()
        let contents = "hex:" + Hex.encode(try legacy ?? SecureRandom.bytes(32)) + "\n"
        if try SecretFile.create(path, contents: Array(contents.utf8)) {
            logger?.info(
                legacy == nil
                    ? "made the token signing secret" : "moved the token signing secret out of the database",
                ["file": .string(path)])
        }
        let stored = try read(path)
        if legacy != nil { try store.removeLegacySigningSecret() }
        return stored
    }
}
