import NetspecModel

/// The stateful mock's names for the resource inference it shares with `netspec check`
/// (`Sources/NetspecModel/Model/Resources/`): what a stateful mock keeps is what a check run's
/// stateful phase follows, found by one inference.
typealias MockResource = InferredResource
typealias MockResourceInference = ResourceInference
typealias MockResourceHints = ResourceHints
