import Netspec

/// An order as the shop's `getOrder` returns it.
struct Order: Decodable, Sendable, Equatable {
    var id: Int
    var status: String
}

/// The shop's service: loaded at run time from the app's spec, in the domain of its calls.
enum Shop {
    static func service(baseURL: String = "https://shop.example.com") throws(CallError) -> Service {
        try Service(loading: "specs/shop.yaml", provider: Provider(baseURL: baseURL))
    }
}
