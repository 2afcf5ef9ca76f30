-- GETs of the meeting invite's subjects: the summary with a user's state, and a page of each of
-- the rsvp choice, the bookmarks set and the feedback list, on ~10k meetings.
local key = os.getenv("ACTIONHUB_KEY") or ""
local threadid = 0
function setup(thread) thread:set("tid", threadid); threadid = threadid + 1 end
function init(args) math.randomseed(tid * 104729 + os.time()) end
local tails = { "?user=u-1", "/choices/rsvp?limit=20", "/sets/bookmarks?limit=20", "/lists/feedback?limit=20" }
request = function()
  local path = "/v1/categories/meeting_invite/subjects/m-" .. math.random(1, 10000) .. tails[math.random(1, 4)]
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. key})
end
