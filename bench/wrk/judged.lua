-- judged.lua: wrk script for judged's load benchmark (bench/load.sh).
--
--   wrk -s judged.lua URL                  GET URL (the /healthz baseline)
--   wrk -s judged.lua URL -- BODIES.jsonl  POST each line of BODIES.jsonl in
--                                          rotation, as application/json
--
-- Every thread starts at a different place in the rotation. done() prints
-- one line for load.sh to parse:
--   RESULT requests=N seconds=S rps=R p50_us=A p99_us=B p999_us=C non2xx=D socket_errors=E
-- where non2xx counts answers with status >= 300 (wrk's own count starts at 400).

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

-- Thread globals (read by done() through thread:get).
non2xx = 0
requests_ = {}
pos = 0

function init(args)
  local path = args[1]
  if path == nil then
    requests_[1] = wrk.format("GET")
  else
    local headers = { ["Content-Type"] = "application/json" }
    for line in io.lines(path) do
      if #line > 0 then
        requests_[#requests_ + 1] = wrk.format("POST", nil, headers, line)
      end
    end
    if #requests_ == 0 then
      error("no bodies in " .. path)
    end
  end
  pos = (id * 7919) % #requests_
end

function request()
  pos = pos % #requests_ + 1
  return requests_[pos]
end

function response(status, headers, body)
  if status >= 300 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do
    bad = bad + t:get("non2xx")
  end
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d seconds=%.3f rps=%.1f p50_us=%d p99_us=%d p999_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9),
    bad, e.connect + e.read + e.write + e.timeout))
end
