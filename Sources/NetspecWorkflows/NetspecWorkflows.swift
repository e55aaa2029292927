// NetspecWorkflows runs Arazzo 1.0.x and 1.1.x workflows (https://spec.openapis.org/arazzo/) with
// the same engine as a single call: a workflow document is loaded with file:line:column positions,
// its sources (OpenAPI 3.x, Swagger 2.0, Arazzo) become Netspec `Spec`s, and each step is a bound
// `Endpoint` sent through a `Provider`. This module sits above `Netspec` and `NetspecModel`; the
// model and the call stages know nothing of workflows.
//
// Layout: `Document/` (the Arazzo document and its loader), `Expressions/` (runtime expressions and
// success criteria), `Runner/` (the runner: `Workflows.run`).
import Netspec
