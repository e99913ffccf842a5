# A Homebrew formula for pushlint. pushlint has no release tags yet, so the
# formula builds the main branch (`--HEAD`). Homebrew installs formulae from a
# tap, so put this file in one:
#
#   brew tap-new "$USER/tools"
#   cp integrations/homebrew/pushlint.rb "$(brew --repository "$USER/tools")/Formula/"
#   brew install --HEAD "$USER/tools/pushlint"
#   brew test "$USER/tools/pushlint"
class Pushlint < Formula
  desc "Linter for Apple push notification payloads, categories and entitlements"
  homepage "https://github.com/pushlint/pushlint"
  head "https://github.com/pushlint/pushlint.git", branch: "main"

  # Package.swift's swift-tools-version 6.0 is Xcode 16's Swift; its
  # platforms line asks for macOS 13.
  depends_on xcode: ["16.0", :build]
  depends_on macos: :ventura
  depends_on "pkgconf" => :build
  depends_on "libyaml"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "pushlint"
    bin.install ".build/release/pushlint"
    # swift-argument-parser writes the scripts: `pushlint --generate-completion-script bash`.
    generate_completions_from_executable(bin/"pushlint", "--generate-completion-script")
  end

  test do
    (testpath/"push.json").write <<~JSON
      {"aps": {"alert": {"title": "Order shipped", "bodyy": "On its way"}}}
    JSON
    output = shell_output("#{bin}/pushlint --no-config --fail-on warning push.json", 1)
    assert_match "push.json:1:46: warning: unknown key \"bodyy\" in alert", output
    assert_match "rule catalog", shell_output("#{bin}/pushlint --version")
  end
end
