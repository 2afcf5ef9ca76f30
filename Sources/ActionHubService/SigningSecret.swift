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

        public init(secret: String? = nil, file: String? = nil, previousFile: String? = nil) {
            self.secret = secret.flatMap { $0.isEmpty ? nil : $0 }
            self.file = file.flatMap { $0.isEmpty ? nil : $0 }
            self.previousFile = previousFile.flatMap { $0.isEmpty ? nil : $0 }
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
            current = try fileBeside(path, store: store, logger: logger)
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
        do {
            return try TokenSigner(secret: current, previous: previous)
        } catch .weakSecret {
            throw Problem(description: "a token signing secret must be at least 32 bytes")
        }
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
    private static func fileBeside(_ databasePath: String, store: any KeyStore, logger: Logger?) throws -> [UInt8] {
        let path = defaultFile(forDatabase: databasePath)
        if FileManager.default.fileExists(atPath: path) {
            let secret = try read(path)
            if try store.legacySigningSecret() != nil { try store.removeLegacySigningSecret() }
            return secret
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
