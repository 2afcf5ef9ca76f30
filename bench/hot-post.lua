-- Likes from new users, all on one post ("p-hot"), unique ids: what a viral post gets.
package.path = "bench/?.lua;" .. package.path
local event = require("event")
setup, init = event.setup, event.init
request = function()
  local number = event.next()
  return event.request(number, "like", "h-" .. event.client .. "-" .. tid .. "-" .. number, "p-hot", "")
end
