import ArgumentParser
import Foundation
import Proactive
import ProactiveClient

/// The `proactive` command line.
struct ProactiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proactive",
        abstract:
            "An open proactive-suggestions engine: donate what the user does, search it, ask what to suggest.",
        version: ProactiveCommand.version,
        subcommands: [
            DonateCommand.self, SearchCommand.self, DeleteCommand.self, ContinueCommand.self,
            ClientStateCommand.self, EvaluateCommand.self, SuggestCommand.self, ExtractCommand.self,
            GeocodeCommand.self, AskCommand.self, ServeCommand.self, TokenCommand.self, DeviceCommand.self,
            RelayCommand.self, CheckCommand.self,
        ])

    /// The version `proactive --version` prints.
    static let version = "0.3.0"
}

@main
enum Main {
    static func main() {
        var command: any ParsableCommand
        do {
            command = try ProactiveCommand.parseAsRoot()
        } catch {
            let code = ProactiveCommand.exitCode(for: error)
            if code == .success { ProactiveCommand.exit(withError: error) }
            FileHandle.standardError.write(Data((ProactiveCommand.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
        do {
            try command.run()
        } catch let exitCode as ExitCode {
            exit(exitCode.rawValue)
        } catch let error as EngineError {
            Terminal.error(error.message)
            exit(error.code == .invalidRequest ? 2 : 1)
        } catch let failure as DaemonError {
            Terminal.error(
                "the daemon answered \(failure.status): \(failure.field.map { "\($0): " } ?? "")\(failure.message)"
            )
            exit(failure.status == 400 && failure.code == "invalidRequest" ? 2 : 1)
        } catch let error as UsageError {
            Terminal.error(error.message)
            exit(2)
        } catch  where ProactiveCommand.exitCode(for: error) == .success {
            // `proactive help …` and a command without a subcommand: the help screen, status 0.
            ProactiveCommand.exit(withError: error)
        } catch {
            Terminal.error("\(error)")
            exit(1)
        }
    }
}

/// A usage error found after parsing (a bad date, a bad query…): exit status 2.
struct UsageError: Error {
    var message: String
}
