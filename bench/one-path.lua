-- GET one path (HISTORY_PATH) over and over, with the admin key.
local key = os.getenv("ACTIONHUB_KEY") or ""
local path = os.getenv("HISTORY_PATH") or "/v1/users/u-heavy/responses?action=reply&limit=20"
request = function() return wrk.format("GET", path, {["Authorization"] = "Bearer " .. key}) end
