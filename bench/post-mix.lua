-- 70% like, 20% reply, 10% open-screen, unique ids, ~10k posts, ~100k users.
package.path = "bench/?.lua;" .. package.path
local event = require("event")
setup, init = event.setup, event.init
request = function()
  local number = event.next()
  local user = "u-" .. math.random(1, 100000)
  local post = "p-" .. math.random(1, 10000)
  local roll = math.random(1, 10)
  local action, text = "like", ""
  if roll > 9 then action = "com.apple.UNNotificationDefaultActionIdentifier"
  elseif roll > 7 then action = "reply"; text = '"userText":"Nice shot number ' .. number .. '!",' end
  return event.request(number, action, user, post, text)
end
