-- wrk script for the home page: cycles through GET of every path listed in
-- BENCH_PATHS_FILE (one a line: "/", then the page's /assets/*.js and *.css),
-- so the figure is requests/s over a whole page load's worth of files.
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS_FILE")) do
  if line ~= "" then paths[#paths + 1] = line end
end
local i = 0

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
