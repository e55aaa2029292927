/// One endpoint of a ``Service``, callable with labelled arguments: `api.getUser(id: "johne")`.
///
/// The unlabelled argument is the `_` parameter. `nil` is null for an optional parameter.
@dynamicCallable
public struct EndpointCall: Sendable {
    /// The service.
    public let service: Service
    /// The endpoint's name.
    public let name: String

    /// Builds the request without sending it: `try api.getUser.prepare(id: "johne")`.
    public var prepare: EndpointCall.Preparing { EndpointCall.Preparing(call: self) }

    /// A paginated endpoint's pages, fetched as iterated: `for try await page in try api.listIssues.pages(state: "open")`.
    public var pages: EndpointCall.PagesCall { EndpointCall.PagesCall(call: self) }

    /// A paginated endpoint's items across its pages: `for try await issue in try api.listIssues.items(state: "open")`.
    public var items: EndpointCall.ItemsCall { EndpointCall.ItemsCall(call: self) }

    /// Turns labelled arguments into an argument dictionary.
    func arguments(_ pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) throws(CallError) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        arguments.reserveCapacity(pairs.count)
        for (label, value) in pairs {
            let key = label.isEmpty ? "_" : label
            let argument: Argument
            do {
                argument = try value?.makeArgument() ?? .value(.null)
            } catch {
                throw .argument(ArgumentError(endpoint: name, parameter: key, reason: .wrongType, message: "cannot convert the argument: \(error)"))
            }
            guard arguments.updateValue(argument, forKey: key) == nil else {
                throw .argument(ArgumentError(endpoint: name, parameter: key, reason: .invalidValue, message: "given more than once"))
            }
        }
        return arguments
    }
}

extension EndpointCall {
    /// The `prepare` form of an ``EndpointCall``: builds the request and returns it unsent.
    @dynamicCallable
    public struct Preparing: Sendable {
        let call: EndpointCall

        /// Builds the request for labelled arguments.
        public func dynamicallyCall(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) throws(CallError) -> PreparedRequest {
            try call.service.prepare(call.name, call.arguments(pairs))
        }
    }
}

extension EndpointCall {
    /// The `pages` form of an ``EndpointCall`` (see ``Service/allPages(_:_:options:maxPages:onWarning:)``).
    @dynamicCallable
    public struct PagesCall: Sendable {
        let call: EndpointCall

        /// The pages for labelled arguments.
        public func dynamicallyCall(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) throws(CallError) -> Service.Pages {
            call.service.allPages(call.name, try call.arguments(pairs))
        }
    }

    /// The `items` form of an ``EndpointCall`` (see ``Service/allItems(_:_:options:maxPages:onWarning:)``).
    @dynamicCallable
    public struct ItemsCall: Sendable {
        let call: EndpointCall

        /// The items for labelled arguments.
        public func dynamicallyCall(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) throws(CallError) -> Service.Items {
            call.service.allItems(call.name, try call.arguments(pairs))
        }
    }
}

/// The name inside the package.
package typealias PreparingCall = EndpointCall.Preparing
