import ArgumentParser

/// The `imgframe` command: SwiftUI image layout as a service.
@main
struct ImageFrame: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imgframe",
        abstract: "Lay out and render images with SwiftUI's image-fitting rules.",
        version: version,
        subcommands: [
            ServeCommand.self, CheckCommand.self, RenderCommand.self, PlanCommand.self, CacheCommand.self, SignCommand.self, ConfigCommand.self,
            HealthcheckCommand.self,
        ])

    /// The version `--version` prints, on the root command and every subcommand.
    static let version = "imgframe 0.9.0"
}
