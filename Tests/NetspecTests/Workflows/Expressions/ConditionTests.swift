import Testing

import Netspec
import NetspecWorkflows

/// `simple` conditions by Arazzo 1.1 § Condition Evaluation, against ExpressionFixtures' context
/// (a 201 whose body has `status: AVAILABLE`, `price: "12.50"`, `data: null`, `ok: true`).
@Suite struct ConditionTests {
    static let outcomes: [(String, Bool)] = [
        ("$statusCode == 201", true),
        ("$statusCode == 200", false),
        ("$statusCode != 200", true),
        ("$statusCode >= 200 && $statusCode < 300", true),
        ("$statusCode == 200 || $statusCode == 201", true),
        ("!($statusCode == 201)", false),
        ("!$response.body#/ok", false),
        // Strings compare case-insensitively.
        ("$response.body#/status == 'available'", true),
        ("$response.body.status == 'Available'", true),
        ("$response.body#/status != 'AVAILABLE'", false),
        ("'abc' < 'ABD'", true),
        // Ordered by lowercase scalars: a prefix first, `_` (0x5F) after letters lowercased, the
        // ASCII fast path and the Unicode path alike.
        ("'AB' < 'abc'", true),
        ("'abc' > 'AB'", true),
        ("'ab' == 'AB'", true),
        ("'a_' > 'AZ'", false),
        ("'a_' < 'Az'", true),
        ("'ÉTÉ' == 'été'", true),
        ("'Ab' < 'abé'", true),
        ("'abé' > 'AB'", true),
        // Numeric strings are coerced when compared with a number.
        ("$response.body#/price > 12", true),
        ("$response.body#/price == 12.5", true),
        ("$response.header.X-Rate-Limit == '10, 20'", true),
        ("'12.50' == '12.5'", false),
        ("'abc' > 1", false),
        // null equals only null; a missing member is null; null orders with nothing.
        ("$response.body#/data == null", true),
        ("$response.body.data != null", false),
        ("$response.body.missing == null", true),
        ("$response.body#/missing == null", true),
        ("$steps.never.outputs.x == null", true),
        ("null == null", true),
        ("null < 1", false),
        ("$response.body#/data", false),
        ("$response.body#/ok", true),
        ("$response.body#/ok == true", true),
        ("$response.body#/ok == 'true'", false),
        // . and [] de-reference values.
        ("$response.body.pets[1].name == 'bo'", true),
        ("$response.body.pets[0]['name'] == 'ADA'", true),
        ("$response.body.pets[5].name == null", true),
        ("$response.body.pets.length == null", true),
        ("$inputs.user.id >= $inputs.threshold", true),
        ("$response.body#/pets == $response.body.pets", true),
        ("'it''s' == 'IT''S'", true),
        ("-1.5e1 < -15.0 || 1 == 1.0", true),
        ("true && (false || !false)", true),
    ]

    @Test(arguments: outcomes)
    func evaluates(_ text: String, _ passes: Bool) throws {
        let (passed, _) = try Condition(text).evaluate(in: ExpressionFixtures.context)
        #expect(passed == passes)
    }

    @Test func recordsTheValuesItReads() throws {
        let (_, observations) = try Condition("$statusCode == 200 && $response.body.pets[0].id == $inputs.threshold").evaluate(in: ExpressionFixtures.context)
        #expect(observations.map(\.expression) == ["$statusCode", "$response.body.pets[0].id", "$inputs.threshold"])
        #expect(observations.map(\.value) == [201, 1, 5])
    }

    /// `&&` and `||` chains of any length: a chain is one node (it was a node per term, each a
    /// frame deeper, and 20,000 terms overflowed the stack: a crash at the step); 100 levels of
    /// `(` are read.
    @Test func aLongChainIsRead() throws {
        let chain = String(repeating: "$statusCode == 201 && ", count: 50000) + "(false || $response.body#/ok)"
        let (passed, observations) = try Condition(chain).evaluate(in: ExpressionFixtures.context)
        #expect(passed)
        #expect(observations.count == 50001)
        let nested = String(repeating: "(", count: 100) + "$statusCode == 201" + String(repeating: ")", count: 100)
        #expect(try Condition(nested).evaluate(in: ExpressionFixtures.context).0)
    }

    static let invalid: [(String, String)] = [
        ("", "column 1: the condition is empty"),
        ("$statusCode = 200", "column 13: unexpected '=': expected an operator (&&, ||, ==, !=, <, <=, >, >=) or the end"),
        ("$statusCode == 200 == true", "column 20: '==' cannot compare the result of a comparison; group with ( ) and join with && or ||"),
        ("($statusCode == 200", "column 20: the '(' at column 1 is not closed"),
        ("$response.body#/status == 'done", "column 27: the string opened at column 27 is not closed by '"),
        ("$statusCode == OK", "column 16: expected a value (a runtime expression, 'a string', a number, true, false, null or '(') but found 'O'"),
        ("$statusCode == 2x", "column 17: unexpected 'x': expected an operator (&&, ||, ==, !=, <, <=, >, >=) or the end"),
        ("$statusCode == 1.2.3", "column 16: '1.2.3' is not a number"),
        ("$response.body.pets[-1]", "column 21: an index is a number from 0 or a 'quoted' name"),
        ("$response.body. == 1", "column 16: expected a property name after '.'"),
        ("$statuscode == 200", "column 1: unknown runtime expression '$statuscode': expected $url, $method, $statusCode, $request., $response., $inputs., $outputs., $steps., $workflows., $sourceDescriptions., $components. or $self"),
        ("$statusCode == 200 &&", "column 22: expected a value: a runtime expression, a literal or '('"),
        // Nesting is bounded (thousands of levels overflowed the stack: a crash at load).
        (String(repeating: "(", count: 101) + "true" + String(repeating: ")", count: 101), "column 101: '(' nests deeper than 100 levels of '(' and '!'"),
        (String(repeating: "!(", count: 51) + "true" + String(repeating: ")", count: 51), "column 101: '!' nests deeper than 100 levels of '(' and '!'"),
    ]

    @Test(arguments: invalid)
    func refuses(_ text: String, _ message: String) {
        do {
            _ = try Condition(text)
            Issue.record("'\(text)' was read")
        } catch {
            #expect(error.description == message)
        }
    }
}
