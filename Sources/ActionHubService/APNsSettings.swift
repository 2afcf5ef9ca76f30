import APNs
import Crypto
import Foundation

/// How pushes reach APNs: the team's token key and where to send. All three of key file, key id
/// and team id, or none (the server then answers `POST /v1/pushes` with the flags it lacks).
public struct APNsSettings: Sendable {
    /// `--apns-key-file`: the `.p8` key (PEM) from the Apple developer account.
    public var keyFile: String?
    /// `--apns-key-id`: the key's 10-character id.
    public var keyId: String?
    /// `--apns-team-id`: the team's 10-character id.
    public var teamId: String?
    /// `--apns-url`: replaces both of Apple's hosts (tests, proxies).
    public var url: String?
    /// `--apns-ca-file`: a CA to trust besides the system's (tests).
    public var caFile: String?
    /// `--apns-concurrency`: streams in flight at once.
    public var concurrency: Int
    /// `--apns-timeout`: how long one request may take before it is retried.
    public var timeout: Duration

    public init(
        keyFile: String? = nil, keyId: String? = nil, teamId: String? = nil, url: String? = nil,
        caFile: String? = nil, concurrency: Int = 100, timeout: Duration = .seconds(10)
    ) {
        func given(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        self.keyFile = given(keyFile)
        self.keyId = given(keyId)
        self.teamId = given(teamId)
        self.url = given(url)
        self.caFile = given(caFile)
        self.concurrency = concurrency
        self.timeout = timeout
    }

    /// Why the settings cannot be used; said to the operator as it is.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The flags not given, when none of the three was; a start with only some of them is refused.
    public func missingFlags() throws(Problem) -> [String] {
        let flags = [("--apns-key-file", keyFile), ("--apns-key-id", keyId), ("--apns-team-id", teamId)]
        let missing = flags.filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty || missing.count == flags.count else {
            throw Problem(description: "sending pushes needs \(missing.joined(separator: " and ")) as well")
        }
        return missing
    }

    /// The provider token from the key file; nil when APNs is not configured.
    func providerToken() throws -> ProviderToken? {
        guard try missingFlags().isEmpty, let keyFile, let keyId, let teamId else { return nil }
        guard let data = FileManager.default.contents(atPath: keyFile) else {
            throw Problem(description: "cannot read the APNs key file \(keyFile) (--apns-key-file)")
        }
        let key: ES256Key
        do {
            key = try ES256Key(pem: String(decoding: data, as: UTF8.self))
        } catch {
            throw Problem(
                description: "the APNs key file \(keyFile) (--apns-key-file) is not a P-256 .p8 key: \(error.message)")
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw Problem(description: "cannot read the CA file \(caFile) (--apns-ca-file)")
        }
        return ProviderToken(key: key, keyId: keyId, teamId: teamId)
    }

    var senderOptions: APNsSender.Options {
        APNsSender.Options(concurrency: concurrency, timeout: timeout, url: url, extraCAFile: caFile)
    }
}
