-- POSTs of the bench_call category (bench/calls writes its routes): action BENCH_ACTION (default
-- "fast"), unique ids, ~10k orders, ~100k users.
package.path = "bench/?.lua;" .. package.path
local event = require("event")
setup, init = event.setup, event.init
local action = os.getenv("BENCH_ACTION") or "fast"
local key = os.getenv("ACTIONHUB_KEY") or ""
request = function()
  local number = event.next()
  local id = string.format("%08X-%04X-4000-8000-%012X", event.client * 2 + tid, math.random(0, 65535), number)
  local body = '{"id":"' .. id .. '","actionIdentifier":"' .. action .. '","userId":"u-' .. math.random(1, 100000) ..
    '","notification":{"identifier":"push-' .. number .. '","categoryIdentifier":"bench_call",' ..
    '"date":"2026-12-03T09:00:00Z","userInfo":{"orderId":"o-' .. math.random(1, 10000) .. '"}}}'
  return wrk.format("POST", "/v1/responses", {["Content-Type"]="application/json", ["Authorization"]="Bearer " .. key}, body)
end
