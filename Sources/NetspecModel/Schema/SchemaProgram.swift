// A node's keywords in the form the evaluator runs: a trivial enum in memory of its own, read
// through pointers, so that running a keyword costs no reference counting.
//
// Why: in the `schema` benchmark's profile (Benchmarks/profile.sh schema) `swift_retain` and
// `swift_release` were two thirds of validation, most of them copies of ``SchemaKeyword``s (an
// indirect enum: each copy retains its box, each payload bound retains again) out of the nodes'
// arrays. A ``SchemaOp`` has only trivial payloads: numbers, node indices, and unmanaged
// references to objects that the node keeps alive (its keywords and ``SchemaProgram/boxes``).
// The keywords stay the compiled schema's description for the generator and messages; the ops
// are derived from them once, when the node is finished.

/// A keyword as the evaluator runs it: ``SchemaKeyword``'s cases with trivial payloads.
enum SchemaOp {
    case type(SchemaTypes)
    case enumeration(Unmanaged<SchemaBox<[JSONValue]>>)
    case constant(Unmanaged<SchemaBox<JSONValue>>)
    case multipleOf(SchemaNumber)
    case bound(SchemaBound, SchemaNumber)
    case minLength(Int)
    case maxLength(Int)
    case pattern(Unmanaged<SchemaBox<SchemaPattern>>)
    case format(Unmanaged<SchemaBox<SchemaFormat>>)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    /// `items` alone (the usual case), or with `prefixItems`.
    case items(Int32)
    case prefixItems(Unmanaged<SchemaBox<[Int32]>>, rest: Int32?)
    case contains(Int32, minimum: Int, maximum: Int?)
    case properties(Unmanaged<SchemaObjectShape>)
    case propertyNames(Int32)
    case required(Unmanaged<SchemaBox<[String]>>)
    case dependentRequired(Unmanaged<SchemaBox<[(name: String, required: [String])]>>)
    case dependentSchemas(Unmanaged<SchemaBox<[(name: String, node: Int32)]>>)
    case minProperties(Int)
    case maxProperties(Int)
    case allOf(Unmanaged<SchemaBox<[Int32]>>)
    case anyOf(Unmanaged<SchemaBox<([Int32], SchemaDiscriminator?)>>)
    case oneOf(Unmanaged<SchemaBox<([Int32], SchemaDiscriminator?)>>)
    case not(Int32)
    case conditional(if: Int32, then: Int32?, else: Int32?)
    case ref(Int32)
    case dynamicRef(Int32, anchor: Unmanaged<SchemaBox<String>>?)
    case unevaluatedProperties(Int32)
    case unevaluatedItems(Int32)
}

/// A numeric limit without reference counting (a ``JSONValue`` number, unwrapped).
enum SchemaNumber {
    case int(Int)
    case double(Double)

    /// `value`'s number; the compiler makes sure limits and divisors are numbers.
    init(_ value: JSONValue) {
        self = if case let .int(int) = value { .int(int) } else { .double(value.double ?? .nan) }
    }

    var json: JSONValue {
        switch self {
        case let .int(int): .int(int)
        case let .double(double): .double(double)
        }
    }
}

/// An immutable value behind a reference, for a ``SchemaOp`` to point at.
final class SchemaBox<Value>: @unchecked Sendable {
    // @unchecked: the value is never changed after `init`; the values boxed are Sendable.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The ops of one node, and the boxes they point at.
final class SchemaProgram: @unchecked Sendable {
    // @unchecked: written once in `init`, read-only afterwards.
    let ops: UnsafeMutableBufferPointer<SchemaOp>
    /// What the ops' unmanaged references point at that the keywords do not already hold.
    private let boxes: [AnyObject]

    /// The ops for `keywords`, in the same order.
    init(_ keywords: [SchemaKeyword]) {
        var boxes: [AnyObject] = []
        func box<Value>(_ value: Value) -> Unmanaged<SchemaBox<Value>> {
            let box = SchemaBox(value)
            boxes.append(box)
            return Unmanaged.passUnretained(box)
        }
        func keep(_ shape: SchemaObjectShape) -> Unmanaged<SchemaObjectShape> {
            boxes.append(shape)
            return Unmanaged.passUnretained(shape)
        }
        ops = .allocate(capacity: keywords.count)
        for (position, keyword) in keywords.enumerated() {
            let op: SchemaOp =
                switch keyword {
                case let .type(types): .type(types)
                case let .enumeration(values): .enumeration(box(values))
                case let .constant(value): .constant(box(value))
                case let .multipleOf(divisor): .multipleOf(SchemaNumber(divisor))
                case let .bound(bound, limit): .bound(bound, SchemaNumber(limit))
                case let .minLength(count): .minLength(count)
                case let .maxLength(count): .maxLength(count)
                case let .pattern(pattern): .pattern(box(pattern))
                case let .format(format): .format(box(format))
                case let .minItems(count): .minItems(count)
                case let .maxItems(count): .maxItems(count)
                case .uniqueItems: .uniqueItems
                case let .items(prefix, rest?) where prefix.isEmpty: .items(rest)
                case let .items(prefix, rest): .prefixItems(box(prefix), rest: rest)
                case let .contains(node, minimum, maximum): .contains(node, minimum: minimum, maximum: maximum)
                case let .properties(shape): .properties(keep(shape))
                case let .propertyNames(node): .propertyNames(node)
                case let .required(names): .required(box(names))
                case let .dependentRequired(list): .dependentRequired(box(list))
                case let .dependentSchemas(list): .dependentSchemas(box(list))
                case let .minProperties(count): .minProperties(count)
                case let .maxProperties(count): .maxProperties(count)
                case let .allOf(branches): .allOf(box(branches))
                case let .anyOf(branches, discriminator): .anyOf(box((branches, discriminator)))
                case let .oneOf(branches, discriminator): .oneOf(box((branches, discriminator)))
                case let .not(node): .not(node)
                case let .conditional(condition, then, otherwise): .conditional(if: condition, then: then, else: otherwise)
                case let .ref(node): .ref(node)
                case let .dynamicRef(node, anchor): .dynamicRef(node, anchor: anchor.map(box))
                case let .unevaluatedProperties(node): .unevaluatedProperties(node)
                case let .unevaluatedItems(node): .unevaluatedItems(node)
                }
            (ops.baseAddress! + position).initialize(to: op)
        }
        self.boxes = boxes
    }

    /// The ops as the evaluator reads them.
    var view: SchemaOps { SchemaOps(base: UnsafePointer(ops.baseAddress), count: ops.count) }

    deinit {
        // The ops are trivial: nothing to deinitialize.
        ops.deallocate()
    }
}

/// A node's ops as the evaluator reads them: a pointer its ``SchemaProgram`` keeps valid.
struct SchemaOps: @unchecked Sendable {
    // @unchecked: the memory is immutable once the program is made.
    var base: UnsafePointer<SchemaOp>?
    var count: Int
}
