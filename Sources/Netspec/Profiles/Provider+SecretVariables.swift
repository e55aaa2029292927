import NetspecModel

extension Provider {
    /// The values of the secret variables `spec`'s requests use, wherever each comes from: this
    /// provider, the environment, or its `:-` fallback — every credential's variable and every
    /// variable named as a secret (`…TOKEN`, `…KEY`, …), by the rule a recording hides them
    /// with (``HARRedaction/secretVariables(spec:endpoint:lookup:)``). Only the variables the
    /// spec uses are read, never the rest of the environment. For the masks of `netspec run`'s
    /// `-v` and `--json` and of `netspec mcp`'s workflow tools.
    package func secretVariableValues(spec: Spec) -> Set<String> {
        let lookup = variableLookup()
        var values: Set<String> = []
        for endpoint in spec.endpoints {
            for (_, value) in HARRedaction.secretVariables(spec: spec, endpoint: endpoint, lookup: lookup) { values.insert(value) }
        }
        return values
    }
}
