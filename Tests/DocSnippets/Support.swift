// What the documented snippets use without declaring it: the example types and functions they
// name, and `placeholder()`, which the generated main.swift gives the values the held functions
// take as parameters. Nothing here is run: the target is built, never executed.

import Foundation
import Netspec

struct NewPost: Encodable, Sendable {
    var title: String
    var body: String
    var userId: Int
}

struct Order: Decodable, Sendable {
    var id: Int
    var status: String
}

struct Profile: Decodable {
    var name: String
}

/// What docs/swift.md's typed facade decodes an order as.
struct OrderStatus: Decodable {
    var id: Int
    var status: String
}

func saveToDisk(_ profile: Profile) throws {}

/// A value of any type for the compiler; never called at run time (the target is only built).
func placeholder<T>() -> T {
    fatalError("DocSnippets is compiled, not run")
}

/// The held snippets, as functions that are compiled, not called; the files in Held/ extend it.
enum DocSnippets {}
