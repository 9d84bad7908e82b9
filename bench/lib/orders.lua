-- wrk script for placing orders as one buyer: POST /api/booking, or with
-- BENCH_LINES set, POST /api/checkout with that many lines.
--   BENCH_TOKEN     the buyer's bearer token
--   BENCH_IDS_FILE  part ids, one a line: each request picks one at random
--   BENCH_HOT_ID    when set, every request orders this one part (contention)
--   BENCH_LINES     when set (say 3), each order is a checkout of that many
--                   lines, each a different part picked at random
-- Each line is for 1 to 3 units. The `response` hook counts the 201s; `done`
-- prints "BENCH created=N other=M" for run.sh to check against the database.
local token = os.getenv("BENCH_TOKEN")
local hot = os.getenv("BENCH_HOT_ID")
if hot == "" then hot = nil end
local lines = tonumber(os.getenv("BENCH_LINES") or "") or 0
local ids_file = os.getenv("BENCH_IDS_FILE")
local ids = {}
local headers = {
  ["Content-Type"] = "application/json",
  ["Authorization"] = "Bearer " .. token,
}
local threads = {}

function setup(thread)
  thread:set("seed", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  created = 0
  other = 0
  for line in io.lines(ids_file) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  math.randomseed(os.time() * 1000 + seed)
end

-- `n` different part ids picked at random.
local function distinct_parts(n)
  local picked, seen = {}, {}
  while #picked < n do
    local id = ids[math.random(#ids)]
    if not seen[id] then
      seen[id] = true
      picked[#picked + 1] = id
    end
  end
  return picked
end

function request()
  if lines > 0 then
    local rows = {}
    for i, id in ipairs(distinct_parts(lines)) do
      rows[i] = '{"partId":' .. id .. ',"quantity":' .. math.random(3) .. '}'
    end
    local body = '{"lines":[' .. table.concat(rows, ",") .. ']}'
    return wrk.format("POST", "/api/checkout", headers, body)
  end
  local id = hot or ids[math.random(#ids)]
  local body = '{"partId":' .. id .. ',"partOrder":' .. math.random(3) .. '}'
  return wrk.format("POST", "/api/booking", headers, body)
end

function response(status, headers, body)
  if status == 201 then
    created = created + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local c, o = 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    o = o + t:get("other")
  end
  io.write(string.format("BENCH created=%d other=%d\n", c, o))
end
