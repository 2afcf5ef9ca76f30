-- GET pages of likes and replies per post and of a user's responses, on the pre-filled database.
local key = os.getenv("ACTIONHUB_KEY") or ""
local threadid = 0
function setup(thread) thread:set("tid", threadid); threadid = threadid + 1 end
function init(args) math.randomseed(tid * 104729 + os.time()) end
request = function()
  local roll = math.random(1, 3)
  local path
  if roll == 1 then path = "/v1/posts/p-" .. math.random(0, 9999) .. "/likes?limit=20"
  elseif roll == 2 then path = "/v1/posts/p-" .. math.random(0, 9999) .. "/replies?limit=20"
  else path = "/v1/users/u-" .. math.random(0, 99999) .. "/responses?limit=20" end
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. key})
end
