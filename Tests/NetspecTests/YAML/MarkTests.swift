import Testing

import Netspec
import NetspecModel

@Suite struct MarkTests {
    @Test func descriptionIsLineColon() {
        #expect(Mark(line: 12, column: 7).description == "12:7")
        #expect("\(Mark(line: 1, column: 1))" == "1:1")
    }

    @Test func ordersByLineThenColumn() {
        #expect(at(1, 9) < at(2, 1))
        #expect(at(2, 1) < at(2, 3))
        #expect(!(at(2, 3) < at(2, 3)))
        #expect([at(3, 1), at(1, 5), at(1, 2)].sorted() == [at(1, 2), at(1, 5), at(3, 1)])
    }

    @Test func errorDescriptionPrefixesMark() {
        let error = YAMLError(message: "duplicate key 'id' (first defined at 3:5)", mark: at(4, 5))
        #expect(error.description == "4:5: duplicate key 'id' (first defined at 3:5)")
    }

    @Test func defaultLimits() {
        let limits = YAMLLimits.default
        #expect(limits.maxBytes == 16 * 1024 * 1024)
        #expect(limits.maxDepth == 100)
        #expect(limits.maxAliases == 100)
        #expect(limits.maxNodes == 2_000_000)
    }
}
