-- wrk script of scripts/load-test: POSTs the JSON Lines body in the file LOAD_TEST_BODY on
-- every request, counts the answers that are not 200, and prints one line the load test reads.
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    local file = assert(io.open(os.getenv("LOAD_TEST_BODY"), "rb"))
    wrk.method = "POST"
    wrk.body = file:read("*a")
    wrk.headers["Content-Type"] = "application/x-ndjson"
    file:close()
    failures = 0
end

function response(status, headers, body)
    if status ~= 200 then
        failures = failures + 1
    end
end

function done(summary, latency, requests)
    local failed = 0
    for _, thread in ipairs(threads) do
        failed = failed + thread:get("failures")
    end
    local errors = summary.errors
    io.write(string.format("LOAD-TEST requests=%d duration_us=%d p50_us=%d p99_us=%d failed=%d socket_errors=%d\n",
        summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), failed,
        errors.connect + errors.read + errors.write + errors.timeout))
end
