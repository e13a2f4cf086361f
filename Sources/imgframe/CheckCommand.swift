import ArgumentParser
import Foundation
import Render
import Service
import TransformSpec

/// `imgframe check`: what `serve` with the same options would use, checked before it is deployed
/// (a CI step, or a Kubernetes initContainer): the configuration, the source root, every view
/// template (parsed and built with its declared parameters), the origins and the fonts. Prints one
/// line per finding, `file:line:column: message` for a template, and exits 1 when any is an error.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a configuration, its templates, origins and fonts before serving it.",
        discussion: """
            Takes serve's options and settings (--config, IMGFRAME_*, --root, --templates…). Exits 0 when \
            serve would start and every template parses, 1 otherwise, 78 for a bad setting.
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        let settings = try options.configuration()
        var errors = 0
        func report(_ line: String, error: Bool) {
            if error {
                errors += 1
                printError(line)
            } else {
                print(line)
            }
        }
        do {
            try settings.checkFolders()
            report("ok   root \(settings.root)", error: false)
        } catch {
            report(error.description, error: true)
        }
        // Before the templates: their Font.custom families are checked against these too.
        if settings.fonts != nil {
            do {
                report("ok   brand fonts: \(try settings.loadFonts().joined(separator: ", "))", error: false)
            } catch {
                report(error.description, error: true)
            }
        }
        for finding in Self.templateFindings(settings) { report(finding.line, error: finding.isError) }
        let origins = settings.origins.origins
        // Loading the configuration already checked each bucket's credentials against the environment.
        let described = origins.map { origin in origin.bucket.map { "\(origin.name) (\($0.displayName) at \($0.hostHeader))" } ?? origin.name }
        report("ok   \(origins.count) origin(s)" + (origins.isEmpty ? "" : ": " + described.joined(separator: ", ")), error: false)
        if let tier = settings.resultTier { report("ok   result tier: \(tier.displayName) at \(tier.hostHeader)", error: false) }
        let missing = InstalledFonts.missing()
        if missing.isEmpty {
            report("ok   fonts: \(InstalledFonts.required.joined(separator: ", "))", error: false)
        } else {
            report("fonts: no face of \(missing.joined(separator: ", ")) is installed; text would be drawn in another face", error: true)
        }
        if errors > 0 { throw ExitCode(1) }
    }

    /// One line per template file in the templates folder: `ok`, or where and why it fails.
    static func templateFindings(_ settings: ServiceConfiguration) -> [(line: String, isError: Bool)] {
        let folder = settings.templates
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return [("templates: \(folder) cannot be listed; /view/ answers 404 for every name", false)]
        }
        let templates = TemplateFolder(path: folder, limits: settings.spec)
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let name = String(file.dropLast(".swift".count))
            let path = folder + "/" + file
            do throws(TemplateError) {
                let template = try templates.template(named: name)
                let named = template.parameters.map { parameter in template.defaults[parameter].map { "\(parameter) = \"\($0)\"" } ?? parameter }
                let parameters = named.isEmpty ? "no parameters" : "parameters " + named.joined(separator: ", ")
                do throws(RenderError) {
                    try InstalledFonts.check(template.customFontFamilies)
                } catch {
                    return ("\(path): \(error.description)", true)
                }
                return ("ok   \(path): /view/\(name), \(parameters)", false)
            } catch .invalid(let at, let line?, let column?, let message) {
                // The fault may be in a declaration another file of the folder makes.
                let location = "\(folder)/\(at):\(line):\(column)"
                return (at == file ? "\(location): \(message)" : "\(path): \(location): \(message)", true)
            } catch {
                return ("\(path): \(error.description)", true)
            }
        }
    }
}
