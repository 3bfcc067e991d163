import Foundation
import Testing

/// A store path that cannot be a store is refused before anything is made: a mistyped
/// directory must not become a new, empty store that answers "no results".
@Suite struct StorePathTests {
    @Test func aStoreInADirectoryThatDoesNotExistIsRefusedAndNothingIsMade() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "proactive-missing-\(UUID())")
        let path = base.appendingPathComponent("typo/store.sqlite").path
        let flag = try CLI.run(["search", "note", "--store", path])
        #expect(flag.status == 2, "\(flag.stderr)")
        #expect(
            flag.stderr.contains("--store: the directory \(base.path)/typo does not exist"), "\(flag.stderr)")
        let environment = try CLI.run(["donate", "-"], stdin: "{}", environment: ["PROACTIVE_STORE": path])
        #expect(environment.status == 2, "\(environment.stderr)")
        #expect(environment.stderr.contains("$PROACTIVE_STORE: the directory"), "\(environment.stderr)")
        #expect(!FileManager.default.fileExists(atPath: base.path))
    }

    @Test func aDirectoryOrNothingIsNotAStore() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let output = try CLI.run(["search", "note", "--store", directory])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("--store: \(directory) is a directory"), "\(output.stderr)")
        let empty = try CLI.run(["search", "note", "--store", ""])
        #expect(empty.status == 2, "\(empty.stderr)")
        #expect(empty.stderr.contains("--store: expected the store's path"), "\(empty.stderr)")
    }

    @Test func aFileThatCannotBeReadIsNamedWithWhy() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let missing = "/nonexistent-\(UUID()).ndjson"
        for arguments in [["donate", missing], ["extract", missing]] {
            let output = try cli.run(arguments)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(
                output.stderr.contains("cannot read \(missing): there is no such file"), "\(output.stderr)")
        }
        let directory = FileManager.default.temporaryDirectory.path
        let extract = try cli.run(["extract", directory])
        #expect(extract.stderr.contains("cannot read \(directory): it is a directory"), "\(extract.stderr)")
        let notADirectory = try cli.run(["donate", "/etc/passwd/documents.ndjson"])
        #expect(
            notADirectory.stderr.contains("a part of the path is not a directory"), "\(notADirectory.stderr)")
    }

    @Test func aNewStoreInAnExistingDirectoryIsMade() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let output = try cli.run(["search", "note"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.store))
    }
}
