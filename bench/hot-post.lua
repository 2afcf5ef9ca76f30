-- Likes from new users, all on one post ("p-hot"), unique ids: what a viral post gets.
local counter = 0
local threadid = 0
local client = tonumber(os.getenv("BENCH_CLIENT") or "0")
local key = os.getenv("ACTIONHUB_KEY") or ""
function setup(thread) thread:set("tid", threadid); threadid = threadid + 1 end
function init(args) math.randomseed(tid * 7919 + os.time()) end
request = function()
  counter = counter + 1
  local id = string.format("%08X-%04X-4000-8000-%012X", client * 2 + tid, math.random(0, 65535), counter)
  local user = "h-" .. client .. "-" .. tid .. "-" .. counter
  local body = '{"id":"' .. id .. '","actionIdentifier":"like","userId":"' .. user ..
    '","notification":{"identifier":"push-' .. counter .. '","categoryIdentifier":"social_post","date":"2026-11-30T09:00:00Z","userInfo":{"postId":"p-hot","media-url":"https://example.com/a.jpg"}}}'
  return wrk.format("POST", "/v1/responses", {["Content-Type"]="application/json", ["Authorization"]="Bearer " .. key}, body)
end
