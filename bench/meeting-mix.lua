-- The meeting invite: 45% rsvp (accept, decline, maybe), 30% bookmark or unbookmark, 10% feedback
-- text, 10% open-screen, 5% dismiss; unique ids, ~10k meetings, ~100k users.
package.path = "bench/?.lua;" .. package.path
local event = require("event")
local key = os.getenv("ACTIONHUB_KEY") or ""
setup, init = event.setup, event.init
local rsvp = { "accept", "decline", "maybe" }
request = function()
  local number = event.next()
  local id = string.format("%08X-%04X-4000-8000-%012X", event.client * 2 + tid, math.random(0, 65535), number)
  local roll = math.random(1, 20)
  local action, text = "com.apple.UNNotificationDismissActionIdentifier", ""
  if roll <= 9 then action = rsvp[math.random(1, 3)]
  elseif roll <= 12 then action = "bookmark"
  elseif roll <= 15 then action = "unbookmark"
  elseif roll <= 17 then action = "feedback"; text = '"userText":"Can we move it, number ' .. number .. '?",'
  elseif roll <= 19 then action = "com.apple.UNNotificationDefaultActionIdentifier" end
  local body = '{"id":"' .. id .. '","actionIdentifier":"' .. action .. '",' .. text .. '"userId":"u-' ..
    math.random(1, 100000) .. '","notification":{"identifier":"push-' .. number ..
    '","categoryIdentifier":"meeting_invite","date":"2026-12-01T09:00:00Z","userInfo":{"meetingId":"m-' ..
    math.random(1, 10000) .. '"}}}'
  return wrk.format("POST", "/v1/responses", {["Content-Type"]="application/json", ["Authorization"]="Bearer " .. key}, body)
end
