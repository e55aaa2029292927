// The Swift blocks of the DocC article ErrorHandling.md, verbatim between
// `// snippet Sources/Netspec/Netspec.docc/ErrorHandling.md N` and its `// end snippet …` (see DocSnippetTests).

import Foundation
import Netspec

extension DocSnippets {
    static func errorsCaught(api: Service) async {
        // snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 1
        do {
            let order: Order = try await api.getOrder(id: 7)
            try await Task.sleep(for: .seconds(1))
            print(order.status)
        } catch CallError.status(let error) where error.status == 404 {
            print("no such order")
        } catch CallError.status(500...) {
            print("the shop is down")
        } catch CallError.transport(.timeout) {
            print("too slow")
        } catch CallError.cancellation {
            print("cancelled")              // CallError.transport(.cancelled) or CancellationError
        } catch {
            print(error.localizedDescription)
        }
        // end snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 1
    }

    static func errorsInOneTypedBlock() async {
        // snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 2
        do throws(CallError) {
            let api = try Service(loading: "specs/shop.yaml", provider: Provider(baseURL: "https://shop.example.com"))
            print(try await api.getOrder(id: 7).value)
        } catch .configuration(let error) where error.reason == .spec {
            print(error.specError?.description ?? error.description)
        } catch .status(404) {
            print("no such order")
        } catch .transport(.timeout) {
            print("too slow")
        } catch {
            print(error)              // a CallError
        }
        // end snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 2
    }
}
