/// A growable stack over manually managed memory, for the parser's value, key and byte scratch space.
///
/// Unlike `Array`, finished containers are *moved* out of the stack into their own exactly sized
/// storage, so building a container costs no retain/release per element and no reallocation.
/// The stack is non-copyable and frees whatever it still holds when it goes away, including after
/// a parse error.
internal struct UnsafeStack<Element>: ~Copyable {
    /// The first element; valid for `count` elements.
    private(set) var base: UnsafeMutablePointer<Element>
    /// The number of initialized elements.
    private(set) var count: Int
    /// The number of elements the storage holds without growing.
    private(set) var capacity: Int

    /// Creates an empty stack with room for `capacity` elements.
    ///
    /// - Parameter capacity: The initial capacity; at least 1 is allocated.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        self.base = .allocate(capacity: self.capacity)
        self.count = 0
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes one element.
    ///
    /// - Parameter element: The element to push.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow(minimumCapacity: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element.
    ///
    /// - Returns: The element that was on top; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array, in order, and removes them.
    ///
    /// - Parameter start: The position of the first element to take.
    /// - Returns: The elements, in push order, in storage of exactly their count.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let taken = count - start
        guard taken > 0 else { return [] }
        // `reserveCapacity` + `append` is specialized for `Element`; `init(unsafeUninitializedCapacity:)`
        // calls the unspecialized buffer initializer, which looks up array metadata every time.
        var result: [Element] = []
        result.reserveCapacity(taken)
        for offset in start..<count {
            result.append((base + offset).move())
        }
        count = start
        return result
    }

    /// Forgets the elements from `start` to the top, whose values the caller has already moved out.
    ///
    /// - Parameter start: The new count.
    @inline(__always)
    mutating func forgetMovedElements(from start: Int) {
        count = start
    }

    /// Removes every element, keeping the storage.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private mutating func grow(minimumCapacity: Int) {
        let newCapacity = max(capacity * 2, minimumCapacity)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension UnsafeStack where Element == UInt8 {
    /// Appends `count` bytes starting at `source`.
    ///
    /// - Parameters:
    ///   - source: The first byte to copy.
    ///   - count: The number of bytes.
    mutating func append(_ source: UnsafePointer<UInt8>, count byteCount: Int) {
        if count + byteCount > capacity { grow(minimumCapacity: count + byteCount) }
        (base + count).initialize(from: source, count: byteCount)
        count += byteCount
    }

    /// Appends the UTF-8 encoding of `scalar`.
    ///
    /// - Parameter scalar: The Unicode scalar to encode.
    mutating func append(_ scalar: Unicode.Scalar) {
        for byte in UTF8.encode(scalar)! {
            push(byte)
        }
    }
}
