/// Spec texts shared by tests.
enum SpecFixtures {
    /// The example of SPEC.md §1, verbatim.
    static let specExample = """
        netspec: 1                         # format version, required
        service: UsersAPI                  # required
        baseURL: https://www.example.com   # optional default; the Provider or --base-url overrides it
        headers:                           # static headers on every request of this service
          token: Bearer ${TOKEN}           # ${NAME}: a variable, resolved at call time (see §6)
        encoding: json                     # default body encoding: json | form | multipart
        timeout: 30                        # seconds, default for every endpoint

        endpoints:                         # an ordered mapping: endpoint name -> endpoint
          getUser:
            GET: /user                     # shorthand for  method: GET  +  path: /user
            params:
              id: { in: query, name: identifier }     # GET /user?identifier=...

          createUser:
            POST: /user
            params:
              email: String
              password: String
            returns: "(id: String, name: String)"     # POST /user  body {"email":..,"password":..}

          getTodos:
            GET: /users/{username}/todos
            params:
              username: String                        # GET /users/johne/todos

          completions:
            POST: /chat/completions
            stream: sse
            headers: { Authorization: "Bearer ${OPENAI_KEY}" }
            params:
              model: String
              messages: "[Message]"
              stream: { type: Bool, default: true }
        """
}
