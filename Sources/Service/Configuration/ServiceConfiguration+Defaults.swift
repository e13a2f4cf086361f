import Foundation

/// The settings table read back: every key with its default, for `imgframe config`, the example
/// config file and `docs/configuration.md` (a test keeps both in step with the table).
extension ServiceConfiguration {
    /// One configuration key, its value in config-file spelling, and what it means.
    public struct SettingValue: Sendable, Equatable {
        /// The key as the config file spells it.
        public let key: String
        /// The value as the config file spells it (`10s`, `64MiB`, `true`); "" when the key has none
        /// of its own (unset, or derived from another key or the environment).
        public let value: String
        /// What the key means, in a few words.
        public let help: String
    }

    /// Every key with its value in this configuration, in the settings table's order.
    public var settingValues: [SettingValue] {
        Settings.all.map { SettingValue(key: $0.key, value: $0.read(self), help: $0.help) }
    }

    /// Every key with its default, in the settings table's order.
    public static var defaultValues: [SettingValue] { ServiceConfiguration().settingValues }

    /// `values` as config-file lines, each after its help as a comment; a key without a value is
    /// commented out.
    public static func configFileText(_ values: [SettingValue]) -> String {
        values.map { "# \($0.help)\n" + ($0.value.isEmpty ? "# \($0.key) =" : "\($0.key) = \($0.value)") }.joined(separator: "\n") + "\n"
    }

    /// One Markdown table row of `value`: key, default (`—` for none), meaning.
    public static func markdownRow(_ value: SettingValue) -> String {
        let shown = value.value.isEmpty ? "—" : "`\(value.value)`"
        return "| `\(value.key)` | \(shown) | \(value.help.replacingOccurrences(of: "|", with: "\\|")) |"
    }

    /// `values` as a Markdown table: key, default, meaning.
    public static func markdownTable(_ values: [SettingValue]) -> String {
        (["| Key | Default | Meaning |", "|---|---|---|"] + values.map(markdownRow)).joined(separator: "\n") + "\n"
    }
}
