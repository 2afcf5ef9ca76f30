-- What bench/post-mix.lua and bench/hot-post.lua share: wrk's thread numbers, event ids unique
-- across threads, loads and wrk processes, and the POST /v1/responses request of one event.
local event = {}
local threadid = 0
local counter = 0
-- Several wrk processes at once (one per instance) each set their own BENCH_CLIENT: ids stay unique.
event.client = tonumber(os.getenv("BENCH_CLIENT") or "0")
local key = os.getenv("ACTIONHUB_KEY") or ""

function event.setup(thread) thread:set("tid", threadid); threadid = threadid + 1 end
function event.init(args) math.randomseed(tid * 7919 + os.time()) end

-- The number of this thread's next event.
function event.next() counter = counter + 1; return counter end

-- `text` is the userText member with its trailing comma, or "".
function event.request(number, action, user, post, text)
  local id = string.format("%08X-%04X-4000-8000-%012X", event.client * 2 + tid, math.random(0, 65535), number)
  local body = '{"id":"' .. id .. '","actionIdentifier":"' .. action .. '",' .. text .. '"userId":"' .. user ..
    '","notification":{"identifier":"push-' .. number .. '","categoryIdentifier":"social_post","date":"2026-11-30T09:00:00Z","userInfo":{"postId":"' .. post .. '","media-url":"https://example.com/a.jpg"}}}'
  return wrk.format("POST", "/v1/responses", {["Content-Type"]="application/json", ["Authorization"]="Bearer " .. key}, body)
end

return event
