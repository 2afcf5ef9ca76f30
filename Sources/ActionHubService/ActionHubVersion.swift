/// The version this build reports: in `--version`, the start-up log line and `actionhub_build_info`.
public enum ActionHubVersion {
    public static let current = "0.1.0"
}
