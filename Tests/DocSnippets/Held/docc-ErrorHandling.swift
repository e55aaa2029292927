// The Swift blocks of the DocC article ErrorHandling.md, verbatim between
// `// snippet Sources/Netspec/Netspec.docc/ErrorHandling.md N` and its `// end snippet …` (see DocSnippetTests).

import Foundation
import Netspec

extension DocSnippets {
    static func errorsTyped(api: Service) async {
        // snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 1
        do {
            let user = try await api.getUser(id: "johne")
            print(user.value)
        } catch .status(let error) where error.status == 404 {
            print("no such user")
        } catch {
            print(error)              // a CallError
        }
        // end snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 1
    }

    static func errorsMixed(api: Service) async {
        // snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 2
        do {
            let user = try await api.getUser(id: "johne")
            try FileManager.default.createDirectory(atPath: "users", withIntermediateDirectories: true)
            print(user.value)
        } catch let error as CallError {
            print("the call failed:", error)
        } catch {
            print("could not save:", error)
        }
        // end snippet Sources/Netspec/Netspec.docc/ErrorHandling.md 2
    }
}
