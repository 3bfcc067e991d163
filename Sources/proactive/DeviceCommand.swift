import ArgumentParser
import Foundation
import ProactiveClient
import ProactiveModel

/// `proactive device code|join CODE|list|revoke ID`: the user's Handoff group, through a daemon.
struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "Handoff devices (through a daemon run with --relay): pair, list, revoke.",
        discussion: """
            These commands act on a running daemon: give --server URL (or $PROACTIVE_SERVER) and a \
            system token (--token or $PROACTIVE_TOKEN). See docs/handoff.md.
            """,
        subcommands: [Code.self, Join.self, List.self, Revoke.self])

    /// The daemon the command acts through (device commands have no local mode).
    static func daemon(_ options: GlobalOptions) throws -> DaemonClient {
        guard let client = try options.daemonClient() else {
            throw UsageError(
                message:
                    "device commands act on a running daemon: give --server URL (or $PROACTIVE_SERVER) and a system token"
            )
        }
        return client
    }

    struct Invitation: Codable {
        var code: String
        var expiresAt: Date
        var verification: String
    }

    struct Device: Codable {
        var id: String
        var name: String
        var isCurrent: Bool
    }

    struct Joined: Codable {
        var group: String
        var device: Device
        var verification: String
    }

    static func print(_ devices: [Device], json: Bool) throws {
        if json { return try Terminal.json(devices) }
        for device in devices {
            Terminal.line("\(device.id)  \(device.name)\(device.isCurrent ? "  (this device)" : "")")
        }
    }

    struct Code: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a one-time pairing code for a new device (the first call makes the group).")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let client = try DeviceCommand.daemon(options)
            let invitation: Invitation = try client.convert(
                try client.call { try await $0.makePairingCode().ok.body.json })
            if options.json { return try Terminal.json(invitation) }
            Terminal.out(invitation.code)
            Terminal.note(
                "type it on the new device (`proactive device join CODE`) before \(DonationCoding.formatDate(invitation.expiresAt)); both screens must show \(invitation.verification)"
            )
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the group of the device that shows CODE.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The pairing code shown by `proactive device code` on a device of the group.")
        var code: String

        func run() throws {
            let client = try DeviceCommand.daemon(options)
            let body = Components.Schemas.JoinRequest(code: code)
            let joined: Joined = try client.convert(
                try client.call { try await $0.joinDeviceGroup(body: .json(body)).ok.body.json })
            if options.json { return try Terminal.json(joined) }
            Terminal.line("joined group \(joined.group) as \(joined.device.name) (\(joined.device.id))")
            Terminal.note("check that the other screen shows \(joined.verification)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the group's devices.")

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let client = try DeviceCommand.daemon(options)
            let devices: [Device] = try client.convert(
                try client.call { try await $0.listDevices().ok.body.json })
            try DeviceCommand.print(devices, json: options.json)
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a device from the group: it receives nothing sent after.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The device's id (see `proactive device list`).")
        var id: String

        func run() throws {
            let client = try DeviceCommand.daemon(options)
            let id = id
            let devices: [Device] = try client.convert(
                try client.call { try await $0.revokeDevice(path: .init(id: id)).ok.body.json })
            try DeviceCommand.print(devices, json: options.json)
        }
    }
}
