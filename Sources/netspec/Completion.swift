import ArgumentParser
import Netspec
import NetspecModel

/// Shell completion (`netspec --generate-completion-script bash|zsh|fish`): spec files, and from
/// the spec named on the line its endpoint names and, for `call`, the endpoint's parameters as
/// `name=`, `name:=` and `name@` items and their enum values (see `Completions` in the library).
extension CompletionKind {
    /// YAML and JSON files.
    static var specFile: CompletionKind { .file(extensions: ["yaml", "yml", "json"]) }

    /// The endpoint names of the spec on the line.
    static var endpoints: CompletionKind {
        .custom { words, index, prefix in
            Completions.candidates(words: words, index: index, prefix: prefix, wantsItems: false, cacheDirectory: completionCache)
        }
    }

    /// The endpoint names, then the endpoint's argument items.
    static var endpointsAndItems: CompletionKind {
        .custom { words, index, prefix in
            Completions.candidates(words: words, index: index, prefix: prefix, wantsItems: true, cacheDirectory: completionCache)
        }
    }
}

/// Where completion indexes are kept: in the tree cache's directory (none when caching is off).
private var completionCache: String? {
    YAMLTreeCache.forThisExecutable(version: NetspecInfo.version)?.directory
}
