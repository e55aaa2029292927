// The model's public types, re-exported one by one (as Hummingbird's Exports.swift does), so that
// `import Netspec` sees the same surface it saw before NetspecModel was a module of its own.
// Extensions of these types in NetspecModel (Spec.load, Endpoint.Shape, JSONValue's literals…)
// come with them; NetspecModel's internal and `package` declarations do not.

@_exported import enum NetspecModel.CachePolicy
@_exported import struct NetspecModel.Endpoint
@_exported import struct NetspecModel.JSONObject
@_exported import struct NetspecModel.JSONPath
@_exported import struct NetspecModel.JSONSchema
@_exported import enum NetspecModel.JSONValue
@_exported import struct NetspecModel.Parameter
@_exported import struct NetspecModel.RetryPolicy
@_exported import struct NetspecModel.Spec
@_exported import struct NetspecModel.SpecError
@_exported import struct NetspecModel.TLSSettings

// HTTPTypes is part of Netspec's API (`Response.headerFields`, `PreparedRequest.method`,
// `HTTPTransport`): `import Netspec` brings `HTTPFields`, `HTTPField.Name` and
// `HTTPRequest.Method` with it, so reading a header needs no second import.
@_exported public import HTTPTypes
