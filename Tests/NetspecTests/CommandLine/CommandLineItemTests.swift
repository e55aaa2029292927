import Testing

import Netspec

/// HTTPie's item syntax for `netspec call`: `name=text`, `name:=json`, `name@file`, `name==query`,
/// `Name:header`; the first separator wins, the longer one at one place; a backslash escapes a
/// separator character in the name.
@Suite struct CommandLineItemTests {
    @Test(arguments: [
        ("id=42", "id", CommandLineItem.Kind.text, "42"),
        ("email=a@b.c", "email", .text, "a@b.c"),
        ("q=a=b", "q", .text, "a=b"),
        ("q=", "q", .text, ""),
        ("q=a:=b", "q", .text, "a:=b"),
        ("n:=3", "n", .json, "3"),
        (#"tags:=["a","b"]"#, "tags", .json, #"["a","b"]"#),
        ("a:=b=c", "a", .json, "b=c"),
        ("a:=", "a", .json, ""),
        ("file@/tmp/a b.png", "file", .file, "/tmp/a b.png"),
        ("a@b=c", "a", .file, "b=c"),
        ("a@b:=c", "a", .file, "b:=c"),
        ("x:y=1", "x", .header, "y=1"),
        (#"x\:y=1"#, "x:y", .text, "1"),
        ("q==a b", "q", .query, "a b"),
        ("q==", "q", .query, ""),
        ("url==http://x/?a=b", "url", .query, "http://x/?a=b"),
        ("q===x", "q", .query, "=x"),
        ("$select==name", "$select", .query, "name"),
        ("X-Trace:abc", "X-Trace", .header, "abc"),
        ("X-Trace: a b", "X-Trace", .header, "a b"),
        ("Accept:application/json;q=0.5", "Accept", .header, "application/json;q=0.5"),
        ("X-Empty:", "X-Empty", .header, ""),
        ("Host:a:8080", "Host", .header, "a:8080"),
        (#"a\==b"#, "a=", .text, "b"),
        (#"a\=b=c"#, "a=b", .text, "c"),
        (#"a\:=b"#, "a:", .text, "b"),
        (#"a\@b@f"#, "a@b", .file, "f"),
        (#"a\\=b"#, #"a\"#, .text, "b"),
        (#"a\b=c"#, #"a\b"#, .text, "c"),
        ("sp ace=x y", "sp ace", .text, "x y"),
        ("名前=値", "名前", .text, "値"),
        ("_@body.json", "_", .file, "body.json"),
        ("_:=[1]", "_", .json, "[1]"),
    ])
    func parsing(text: String, name: String, kind: CommandLineItem.Kind, value: String) throws {
        let item = try CommandLineItem(parsing: text)
        #expect(item == CommandLineItem(name: name, kind: kind, value: value))
    }

    @Test(arguments: [
        ("id", "item 'id' has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)"),
        ("", "item '' has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)"),
        (#"a\=b"#, #"item 'a\=b' has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)"#),
        (#"a\@b"#, #"item 'a\@b' has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)"#),
        ("=x", "item '=x' has no parameter name before the separator"),
        (":=1", "item ':=1' has no parameter name before the separator"),
        ("@f", "item '@f' has no parameter name before the separator"),
        ("f@", "item 'f@' has no file path after '@'"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: CommandLineItemError.self) { try CommandLineItem(parsing: text) }
        do {
            _ = try CommandLineItem(parsing: text)
        } catch {
            #expect(error.description == message)
            #expect(error.item == text)
        }
    }

    @Test(arguments: [
        ("id=42", "id=42"),
        ("n:=3", "n:=3"),
        ("f@/tmp/x", "f@/tmp/x"),
        ("x:y=1", "x:y=1"),
        (#"x\:y=1"#, #"x\:y=1"#),
        ("q==a", "q==a"),
        (#"a\==b"#, #"a\==b"#),
        (#"a\=b=c"#, #"a\=b=c"#),
        (#"a\\=b"#, #"a\\=b"#),
        (#"a\b=c"#, #"a\\b=c"#),
    ])
    func descriptionWritesTheItemBackAndReparses(text: String, written: String) throws {
        let item = try CommandLineItem(parsing: text)
        #expect(item.description == written)
        let actual = try CommandLineItem(parsing: item.description)
        #expect(actual == item)
    }
}
