-- wrk script for the stateful mock row of BENCHMARKS.md: POST /pets, then GET of the item just created, alternately, per wrk thread.
-- Both carry a bearer token: the petstore's GET /pets/{petId} needs one (without it, every GET was a 401 until 11-26).
-- wrk prints `Non-2xx or 3xx responses: N` when any answer is not a success: a run that measured none is clean.
-- Run: netspec mock specs/petstore.openapi.yaml --stateful --port P; wrk -t1 -c64 -d4s -s stateful_postget.lua http://127.0.0.1:P
local n = 0
local last = nil
local created = 0
request = function()
  n = n + 1
  if n % 2 == 1 or last == nil then
    return wrk.format("POST", "/pets", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer t" }, '{"name":"Tom","tag":"cat"}')
  end
  return wrk.format("GET", "/pets/" .. last, { ["Authorization"] = "Bearer t" })
end
response = function(status, headers, body)
  local id = body:match('"id":(%d+)')
  if status == 201 and id then last = id end
end
