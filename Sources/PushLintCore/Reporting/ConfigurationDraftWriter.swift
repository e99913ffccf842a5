/// The commented `.pushlint.yml` `pushlint init` writes from a draft.
enum ConfigurationDraftWriter {
  static func text(of draft: ConfigurationDraft) -> String {
    var text = """
      # pushlint's configuration, written by `pushlint init`: read it, then keep it
      # in the repository. Every key is described in pushlint's README.

      """
    if draft.targets.isEmpty {
      text +=
        "# No Xcode project gave a deployment target; name the oldest OS the app supports:\n# targets:\n#   ios: \"16.0\"\n"
    } else {
      text += "\n# The oldest OS each platform's targets support (their deployment targets):\n"
      text += "# keys and limits newer than these are reported.\ntargets:\n"
      for platform in Platform.allCases {
        if let version = draft.targets[platform] { text += "  \(platform.rawValue): \"\(version)\"\n" }
      }
    }
    if draft.context.isEmpty {
      text += "# No Info.plist, entitlements, registrations or localized texts were found.\n"
    } else {
      text += """

        # The app's side, always loaded: a pre-commit hook that lints one changed
        # payload still checks it against the app's categories, extensions,
        # entitlements, localized texts and sounds.
        context:

        """
      for glob in draft.context { text += "  - \"\(glob)\"\n" }
    }
    return text
  }
}
