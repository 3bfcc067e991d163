import ArgumentParser
import Foundation
import Proactive
import ProactiveModel
import ProactiveServer
import ProactiveStorage

/// `proactive token create (--app BUNDLE | --system)`, `token list`, `token revoke DIGEST`
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Bearer tokens for the daemon: create, list, revoke.",
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token: for one app (it sees only its own data) or for the system (surfaces).")

        @OptionGroup var options: GlobalOptions

        @Option(name: .long, help: "The bundle identifier the token acts for.")
        var app: String?

        @Flag(name: .long, help: "A system token: queries every surface, acts for any app.")
        var system = false

        @Option(name: .long, help: "A note saying what the token is for.")
        var label: String?

        func validate() throws {
            guard (app != nil) != system else {
                throw ValidationError("give exactly one of --app BUNDLE or --system")
            }
            if let app, app.isEmpty || app.contains(where: \.isWhitespace) {
                throw ValidationError("--app: expected a bundle identifier such as com.example.reviews")
            }
        }

        func run() throws {
            let user = try options.userID()
            let authority = TokenAuthority(engine: try options.openEngine())
            let token = try authority.create(for: app.map { .app($0) } ?? .system, user: user, label: label)
            if options.json {
                try Terminal.json([
                    "token": token, "app": app ?? "", "user": user.rawValue,
                    "digest": TokenAuthority.digest(token),
                ])
            } else {
                Terminal.out(token)
                Terminal.note(
                    "shown once; the store keeps only its digest \(TokenAuthority.digest(token).prefix(12))")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tokens (their digests, never the tokens).")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let tokens = try TokenAuthority(engine: try options.openEngine()).list()
            if options.json {
                try Terminal.json(
                    tokens.map {
                        [
                            "digest": $0.digest, "user": $0.user.rawValue, "app": $0.app ?? "",
                            "createdAt": DonationCoding.formatDate($0.createdAt),
                        ]
                    })
                return
            }
            if tokens.isEmpty { Terminal.note("no tokens") }
            for token in tokens {
                Terminal.line(
                    "\(token.digest.prefix(12))  \(token.user)  \(token.app ?? "system")  \(DonationCoding.formatDate(token.createdAt))  \(token.label ?? "")"
                )
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke tokens by the start of their digest.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "At least 8 hexadecimal digits of the digest, as `token list` shows.")
        var digest: String

        func run() throws {
            guard digest.count >= 8, digest.allSatisfy(\.isHexDigit) else {
                throw UsageError(message: "expected at least 8 hexadecimal digits of a digest")
            }
            let count = try TokenAuthority(engine: try options.openEngine()).revoke(digestPrefix: digest)
            Terminal.out("revoked \(count) token\(count == 1 ? "" : "s")")
            if count == 0 { throw ExitCode(1) }
        }
    }
}
