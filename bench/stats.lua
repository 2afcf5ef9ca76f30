-- GET /v1/stats with the query in STATS_QUERY (category=…&from=…&to=…&bucket=…).
local key = os.getenv("ACTIONHUB_KEY") or ""
local path = "/v1/stats?" .. (os.getenv("STATS_QUERY") or "category=social_post")
request = function() return wrk.format("GET", path, {["Authorization"] = "Bearer " .. key}) end
