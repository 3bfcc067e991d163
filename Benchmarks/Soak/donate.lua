-- POST /v1/donations for the soak: $BATCH documents per request, searchable items with a place
-- whose identifiers cycle over $ID_SPACE (default 20,000), so the store reaches a steady size
-- (later donations update earlier items) instead of growing for the whole run; token from $TOKEN.
local counter = 0
local batch = tonumber(os.getenv("BATCH") or "1")
local space = tonumber(os.getenv("ID_SPACE") or "20000")
function init(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
  wrk.headers["Content-Type"] = batch == 1 and "application/json" or "application/x-ndjson"
end
local cities = {"Paris", "Roma", "Berlin", "Lisboa", "San Francisco"}
function request()
  local lines = {}
  for i = 1, batch do
    counter = counter + 1
    local id = counter % space
    local city = cities[(id % #cities) + 1]
    lines[i] = string.format(
      '{"type":"searchableItem","app":"com.example.load","uniqueIdentifier":"soak-%d","attributeSet":{"title":"Load test place %d","namedLocation":"Load test place %d","thoroughfare":"Main Street","subThoroughfare":"%d","city":"%s"}}',
      id, id, id, id % 300 + 1, city)
  end
  return wrk.format("POST", "/v1/donations", nil, table.concat(lines, "\n"))
end
