// HTTPTypes is part of Netspec's API (``Response/headerFields``, ``PreparedRequest/method``,
// ``HTTPTransport``): `import Netspec` brings `HTTPFields`, `HTTPField.Name` and
// `HTTPRequest.Method` with it, so reading a header needs no second import.
@_exported public import HTTPTypes
