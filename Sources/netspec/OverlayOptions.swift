import ArgumentParser

/// `--overlay FILE` (repeatable) and `--strict`: the overlays a command applies to its document
/// before reading it (`docs/overlays.md`), and whether an action whose target selects nothing is
/// an error. `netspec mock` takes `--overlay` alone: its `--strict` is its own and refuses both.
struct OverlayOptions: ParsableArguments {
    @Option(name: .customLong("overlay"), help: ArgumentHelp("Apply this Overlay (1.0 or 1.1) to the document before reading it; repeatable, applied in order.", valueName: "FILE"), completion: .file())
    var overlays: [String] = []

    @Flag(help: "Refuse an overlay action whose target selects nothing (a warning otherwise).")
    var strict = false
}
