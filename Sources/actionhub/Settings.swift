import ActionHubDomain
import Foundation

/// One configuration value of a command: a flag `--name`, also read from `ACTIONHUB_NAME`.
struct Setting {
    var name: String
    var defaultValue: String
    var help: String

    var environmentName: String {
        "ACTIONHUB_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}

/// Values of settings: the flag when given, else the environment variable, else the default.
struct Settings {
    let declared: [Setting]
    private var values: [String: (value: String, source: String)] = [:]

    init(_ declared: [Setting], arguments: Arguments, environment: [String: String]) {
        self.declared = declared
        for setting in declared {
            if let flag = arguments.options[setting.name] {
                values[setting.name] = (flag, "--\(setting.name)")
            } else if let variable = environment[setting.environmentName], !variable.isEmpty {
                values[setting.name] = (variable, setting.environmentName)
            } else {
                values[setting.name] = (setting.defaultValue, "the default")
            }
        }
    }

    func string(_ name: String) -> String {
        values[name]?.value ?? ""
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(string(name)), range.contains(number) else {
            throw invalid(name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, of type: Value.Type) throws(UsageError) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: string(name)) else {
            throw invalid(name, "must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func retention(_ name: String) throws(UsageError) -> RetentionPeriod {
        guard let period = RetentionPeriod(parsing: string(name)) else {
            throw invalid(name, "must be a whole number with s, m, h or d (like 90d, at most 36500d), or off")
        }
        return period
    }

    func invalid(_ name: String, _ message: String) -> UsageError {
        let source = values[name]?.source ?? "--\(name)"
        return UsageError("\(source) is \"\(string(name))\"; it \(message)")
    }

    /// The options section of a command's help: every setting, its variable and default.
    static func help(_ declared: [Setting]) -> String {
        declared.map { setting in
            let flag = "  --\(setting.name) (\(setting.environmentName))"
            let defaultText = setting.defaultValue.isEmpty ? "" : " [default: \(setting.defaultValue)]"
            return flag + "\n      " + setting.help + defaultText
        }.joined(separator: "\n")
    }
}
