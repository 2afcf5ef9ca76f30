-- 70% like, 20% reply, 10% open-screen, unique ids, ~10k posts, ~100k users.
local counter = 0
local threadid = 0
local key = os.getenv("ACTIONHUB_KEY") or ""
-- Several wrk processes at once (one per instance) each set their own BENCH_CLIENT: ids stay unique.
local client = tonumber(os.getenv("BENCH_CLIENT") or "0")
function setup(thread) thread:set("tid", threadid); threadid = threadid + 1 end
function init(args) math.randomseed(tid * 7919 + os.time()) end
request = function()
  counter = counter + 1
  local id = string.format("%08X-%04X-4000-8000-%012X", client * 2 + tid, math.random(0, 65535), counter)
  local user = "u-" .. math.random(1, 100000)
  local post = "p-" .. math.random(1, 10000)
  local roll = math.random(1, 10)
  local action, text = "like", ""
  if roll > 9 then action = "com.apple.UNNotificationDefaultActionIdentifier"
  elseif roll > 7 then action = "reply"; text = '"userText":"Nice shot number ' .. counter .. '!",' end
  local body = '{"id":"' .. id .. '","actionIdentifier":"' .. action .. '",' .. text .. '"userId":"' .. user ..
    '","notification":{"identifier":"push-' .. counter .. '","categoryIdentifier":"social_post","date":"2026-11-30T09:00:00Z","userInfo":{"postId":"' .. post .. '","media-url":"https://example.com/a.jpg"}}}'
  return wrk.format("POST", "/v1/responses", {["Content-Type"]="application/json", ["Authorization"]="Bearer " .. key}, body)
end
