import ActionHubService
import Auth
import Basics
import Crypto
import Foundation

/// `actionhub tokens mint --user U --ttl 1h`: a per-user token for an app;
/// `actionhub tokens revoke --user U`: refuse every token U has so far.
enum TokensCommand {
    static let usage = """
        Usage: actionhub tokens mint --user USER [--ttl 1h] [--database PATH|URL]
                                    [--signing-secret-file FILE | --signing-secret SECRET]
               actionhub tokens revoke --user USER [--database PATH|URL]

        `mint` prints an HS256 token whose subject is USER, alone on stdout. --ttl takes seconds or a
        number with s, m, h or d (default 1h, at most 30d). The signing secret is the deployment's, as
        serve finds it: --signing-secret[-file] or ACTIONHUB_SIGNING_SECRET[_FILE], else (SQLite) the
        file DATABASE.signing-secret.
        `revoke` refuses every token of USER issued until now (this second included), on every
        instance within its --key-cache time; tokens minted afterwards work.
        """

    static func run(_ words: ArraySlice<String>) throws -> Int32 {
        let arguments = try Arguments(
            words, known: ["user", "ttl", "database", "signing-secret", "signing-secret-file"])
        if arguments.wantsHelp {
            print(usage)
            return 0
        }
        guard arguments.positionals == ["mint"] || arguments.positionals == ["revoke"] else {
            throw UsageError("tokens takes mint or revoke")
        }
        let subcommand = arguments.positionals[0]
        guard let user = arguments.options["user"], !user.isEmpty else {
            throw UsageError("tokens \(subcommand) needs --user")
        }
        let location = try DatabaseOption.location(arguments)
        let store = try location.open(creating: false).keyStore()
        if subcommand == "revoke" {
            guard arguments.options["ttl"] == nil, arguments.options["signing-secret"] == nil,
                arguments.options["signing-secret-file"] == nil
            else {
                throw UsageError("tokens revoke takes only --user and --database")
            }
            let revokedBefore = try store.revokeTokens(user: user)
            print(
                "revoked the tokens of \(user) issued before \(Timestamp.format(Date(timeIntervalSince1970: Double(revokedBefore))))"
            )
            return 0
        }
        let ttl = try parseDuration(arguments.options["ttl"] ?? "1h")
        let environment = ProcessInfo.processInfo.environment
        let signer: TokenSigner
        do {
            signer = try SigningSecret.signer(
                SigningSecret.Settings(
                    secret: arguments.options["signing-secret"] ?? environment["ACTIONHUB_SIGNING_SECRET"],
                    file: arguments.options["signing-secret-file"] ?? environment["ACTIONHUB_SIGNING_SECRET_FILE"]),
                database: location, store: store)
        } catch let problem as SigningSecret.Problem {
            throw UsageError(problem.description)
        }
        print(try signer.mint(user: user, ttl: ttl))
        return 0
    }

    static func parseDuration(_ text: String) throws(UsageError) -> Duration {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        let multiplier = text.last.flatMap { units[$0] } ?? 1
        let digits = units[text.last ?? " "] == nil ? text : String(text.dropLast())
        guard let count = Int(digits), count > 0, count * multiplier <= 30 * 86400 else {
            throw UsageError("--ttl must be like 90, 15m, 1h or 7d, at most 30d")
        }
        return .seconds(count * multiplier)
    }
}
