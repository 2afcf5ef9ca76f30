import Foundation
import Telemetry
import Webhooks

/// The one secret every call to a team's backend is signed with (Standard Webhooks, `whsec_…`):
/// the file given, else (SQLite) `DATABASE.call-secret` beside the database, made 0600 on the
/// first start. Kept out of the database, so `backup` does not copy it: a backend
/// trusts whoever holds it.
public enum CallSecret {
    public struct Settings: Sendable {
        /// `--call-secret-file`: a file holding the secret's text.
        public var file: String?
        /// `--call-concurrency`: calls running at once at most.
        public var concurrency: Int

        public init(file: String? = nil, concurrency: Int = 64) {
            self.file = file.flatMap { $0.isEmpty ? nil : $0 }
            self.concurrency = concurrency
        }
    }

    /// Why there is no usable secret; said to the operator as it is.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public static func secret(_ settings: Settings, database: DatabaseLocation, logger: Logger? = nil) throws
        -> String
    {
        let path: String
        if let file = settings.file {
            path = file
        } else if case .sqlite(let databasePath) = database {
            path = defaultFile(forDatabase: databasePath)
            let made = try SecretFile.create(path, contents: Array((try WebhookSigner.makeSecret() + "\n").utf8))
            if made { logger?.info("made the call secret", ["file": .string(path)]) }
        } else {
            throw Problem(
                description: "on PostgreSQL every instance needs the same call secret: give --call-secret-file "
                    + "(or ACTIONHUB_CALL_SECRET_FILE), a file holding whsec_ and the base64 of at least 24 bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the call secret file \(path)")
        }
        let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard WebhookSigner(secret: secret) != nil else {
            throw Problem(
                description: "the call secret file \(path) must hold whsec_ and the base64 of at least 24 bytes")
        }
        return secret
    }

    /// The default file of an SQLite database: `<database>.call-secret`.
    public static func defaultFile(forDatabase path: String) -> String { path + ".call-secret" }
}
