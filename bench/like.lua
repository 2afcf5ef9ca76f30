-- Likes only, unique ids, ~10k posts, ~100k users: the declarative route bench/calls measures
-- beside calls in flight.
package.path = "bench/?.lua;" .. package.path
local event = require("event")
setup, init = event.setup, event.init
request = function()
  return event.request(event.next(), "like", "u-" .. math.random(1, 100000), "p-" .. math.random(1, 10000), "")
end
