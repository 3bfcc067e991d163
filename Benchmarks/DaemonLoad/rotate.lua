-- GET requests rotating over the paths in $PATHS_FILE (one per line); bearer token from $TOKEN.
local paths = {}
local counter = 0
function init(args)
  for line in io.lines(os.getenv("PATHS_FILE")) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end
function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
