-- POST /v1/donations: $BATCH documents per request (1 = a single JSON document), each a new
-- searchable item with a place; bearer token from $TOKEN. With $ID_SPACE, identifiers (and the
-- items' titles and places) cycle over that many, so the store reaches a steady size and later
-- donations update earlier items (the soak, Benchmarks/Soak).
local counter = 0
local thread_id = 0
local batch = tonumber(os.getenv("BATCH") or "1")
local space = tonumber(os.getenv("ID_SPACE") or "0")
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function init(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
  wrk.headers["Content-Type"] = batch == 1 and "application/json" or "application/x-ndjson"
end
local cities = {"Paris", "Roma", "Berlin", "Lisboa", "San Francisco"}
function request()
  local lines = {}
  for i = 1, batch do
    counter = counter + 1
    local id = space > 0 and counter % space or counter
    local city = cities[(id % #cities) + 1]
    lines[i] = string.format(
      '{"type":"searchableItem","app":"com.example.load","uniqueIdentifier":"t%s-%d","attributeSet":{"title":"Load test place %d","namedLocation":"Load test place %d","thoroughfare":"Main Street","subThoroughfare":"%d","city":"%s"}}',
      tostring(tid), id, id, id, id % 300 + 1, city)
  end
  return wrk.format("POST", "/v1/donations", nil, table.concat(lines, "\n"))
end
