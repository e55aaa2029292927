import Testing

/// `netspec validate | list | describe`, run as a subprocess.
@Suite struct SpecCommandsTests {
    @Test func validateAcceptsTheExampleSpecs() async throws {
        let result = try await CLI.run(["validate", "specs/chat.yaml", "specs/github.yaml", "specs/todos.yaml", "specs/users.yaml"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            specs/chat.yaml: ok (6 endpoints)
            specs/github.yaml: ok (10 endpoints)
            specs/todos.yaml: ok (9 endpoints)
            specs/users.yaml: ok (5 endpoints)

            """)
        #expect(result.stderr == "")
    }

    @Test func validatePrintsEveryErrorAndExits65() async throws {
        let bad = try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /x\n    params:\n      id: { in: qurey }\n      n: { type: Int, default: x }\n", name: "bad.yaml")
        let result = try await CLI.run(["validate", "specs/users.yaml", bad])
        #expect(result.status == 65)
        #expect(result.stdout == "specs/users.yaml: ok (5 endpoints)\n")
        #expect(result.stderr == """
            \(bad):7:17: error: endpoint 'a': parameter 'id': unknown location 'qurey' (did you mean 'query'?)
            \(bad):8:32: error: endpoint 'a': parameter 'n': default 'x' does not fit type Int

            """)
    }

    @Test func validateReportsAMissingFile() async throws {
        let result = try await CLI.run(["validate", "nope.yaml"])
        #expect(result.status == 65)
        #expect(result.stderr == "nope.yaml: error: cannot read file: No such file or directory\n")
    }

    @Test func validateWithoutFilesIsAUsageError() async throws {
        let result = try await CLI.run(["validate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Missing expected argument '<specs> ...'"))
    }

    @Test func validateAndListPrintWarningsAndSucceed() async throws {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: W
            endpoints:
              send:
                POST: /send
            """, name: "warned.yaml")
        let warning = "\(spec):4:3: warning: endpoint 'send': 'api.send' is Service's own member, not this endpoint; "
            + "call it as api[endpoint: \"send\"](…) or api.call(\"send\", …)\n"
        let validate = try await CLI.run(["validate", spec])
        #expect(validate.status == 0)
        #expect(validate.stdout == "\(spec): ok (1 endpoint)\n")
        #expect(validate.stderr == warning)
        let list = try await CLI.run(["list", spec])
        #expect(list.status == 0)
        #expect(list.stdout == "send  POST  /send\n")
        #expect(list.stderr == warning)
    }

    @Test func listPrintsOneEndpointALine() async throws {
        let result = try await CLI.run(["list", "specs/users.yaml"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            getUser      GET     /user
            createUser   POST    /user
            getTodos     GET     /users/{username}/todos
            deleteUser   DELETE  /users/{id}
            completions  POST    /chat/completions

            """)
    }

    @Test func describeExplainsEveryParameter() async throws {
        let result = try await CLI.run(["describe", "specs/users.yaml", "getTodos"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            getTodos: GET /users/{username}/todos

            base URL:   https://www.example.com
            headers:    token: Bearer ${TOKEN:-demo-token}
            variables:  TOKEN (default demo-token)

            parameters:
              username  String  required    path {username}      (path: matches {username}, one segment)
              done      Bool    optional    query 'done' [flag]  (query: GET parameter)
              limit     Int     default 20  query 'limit'        (query: GET parameter)

            body: none
            result: [(id: Int, title: String)] at key path 'data.items'
            mock: status 200

            """)
    }

    @Test func describeShowsBodyFieldsAndExplicitLocations() async throws {
        let result = try await CLI.run(["describe", "specs/users.yaml", "getUser"])
        #expect(result.stdout == """
            getUser: GET /user
              Looks a user up by identifier.

            base URL:   https://www.example.com
            headers:    token: Bearer ${TOKEN:-demo-token}
            variables:  TOKEN (default demo-token)

            parameters:
              id  String  required  query 'identifier'  (explicit: in: query)

            body: none
            result: JSON
            mock: status 200

            """)
        let create = try await CLI.run(["describe", "specs/users.yaml", "createUser"])
        #expect(create.stdout == """
            createUser: POST /user

            base URL:   https://www.example.com
            headers:    token: Bearer ${TOKEN:-demo-token}
            variables:  TOKEN (default demo-token)

            parameters:
              email     String  required  field 'email'     (body field: POST parameter, json encoding)
              password  String  required  field 'password'  (body field: POST parameter, json encoding)

            body: a JSON object of fields
            result: (id: String, name: String)
            mock: status 201

            """)
    }

    @Test func describeAStreamEndpoint() async throws {
        let result = try await CLI.run(["describe", "specs/chat.yaml", "completions"])
        #expect(result.stdout.contains("result: stream of Server-Sent Events until \"[DONE]\"\n"))
        #expect(result.stdout.contains("  stream       Bool       default true  field 'stream'       (body field: POST parameter, json encoding)\n"))
    }

    @Test func unknownEndpointSuggestsTheClosestAndExits64() async throws {
        let result = try await CLI.run(["describe", "specs/users.yaml", "getTodo"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: no endpoint 'getTodo' in specs/users.yaml (did you mean 'getTodos'?)\n")
        let far = try await CLI.run(["describe", "specs/users.yaml", "zzz"])
        #expect(far.stderr == "error: no endpoint 'zzz' in specs/users.yaml; its endpoints are: getUser, createUser, getTodos, deleteUser, completions\n")
    }

    @Test func invalidSpecExits65ForEveryCommand() async throws {
        let bad = try CLI.temporarySpec("netspec: 1\nservice: S\n", name: "bad.yaml")
        for arguments in [["list", bad], ["describe", bad, "x"]] {
            let result = try await CLI.run(arguments)
            #expect(result.status == 65)
            #expect(result.stderr == "\(bad):1:1: error: missing 'endpoints:' (a mapping of endpoint names to endpoints)\n")
        }
    }
}
