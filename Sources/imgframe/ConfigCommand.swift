import ArgumentParser
import Service

/// `imgframe config`: every configuration key with its default, as config-file lines (or as the
/// Markdown table of `docs/configuration.md`), read back from the settings table itself.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print every configuration key with its default, as config-file lines.",
        discussion: """
            Keys without a default of their own (unset, or derived from another key or the environment) are \
            printed commented out. --markdown prints the table of docs/configuration.md instead.
            """)

    @Flag(help: "Print a Markdown table (key, default, meaning) instead of config-file lines.")
    var markdown = false

    func run() {
        let values = ServiceConfiguration.defaultValues
        print(markdown ? ServiceConfiguration.markdownTable(values) : ServiceConfiguration.configFileText(values), terminator: "")
    }
}
