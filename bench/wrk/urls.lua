-- wrk script for the benchmark (bench/load.ts): GET a list of request paths in turn.
-- Usage: wrk -t T -s bench/wrk/urls.lua URL -- PATHS_FILE T   (one path per line, e.g. /v0/package/...)
-- Every thread reads the list and walks it from its own offset (thread k of T starts at k*N/T),
-- so the threads together still ask for N distinct URLs in turn rather than the same ones at once.
-- No response() callback: defining one makes wrk parse every response in Lua, which costs client
-- CPU; wrk counts answers with a status above 399 by itself (summary.errors.status).
-- done() prints one JSON line, prefixed "wrk-json ", for bench/load.ts to parse.

-- setup() runs in the main Lua state once per thread, just before that thread's init(): it numbers
-- the threads (thread:set makes "id" a global of the thread's own state). The thread count is not
-- known to setup() yet, so the harness passes it as the second script argument.
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local requests = {}
local n = 0
local at = 0

function init(args)
  -- "id" is this thread's number, set by setup()
  local file = args[1]
  if file == nil then
    error("urls.lua: no paths file given (wrk -s urls.lua URL -- PATHS_FILE)")
  end
  local handle = io.open(file, "r")
  if handle == nil then
    error("urls.lua: cannot read the paths file " .. file)
  end
  for line in handle:lines() do
    if #line > 0 then
      n = n + 1
      requests[n] = wrk.format("GET", line)
    end
  end
  handle:close()
  if n == 0 then
    error("urls.lua: the paths file " .. file .. " has no paths")
  end
  local count = tonumber(args[2]) or 1
  at = math.floor((id or 0) * n / count) % n
end

function request()
  at = at + 1
  if at > n then
    at = 1
  end
  return requests[at]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    'wrk-json {"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"statusErrors":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status))
end
