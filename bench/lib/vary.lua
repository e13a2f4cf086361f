-- wrk script of the benchmarks (bench/peers, bench/miss-cpu, bench/http): every request a new URL
-- from one template.
-- Arguments (after --): TEMPLATE THREADS OFFSET. In TEMPLATE, {q} becomes a JPEG quality cycling
-- 70..89 and {n} the number OFFSET + (a counter interleaved over the threads), unique to the request;
-- give each run its own OFFSET range and no URL repeats across runs either. Both are plain text
-- replacements, so the template needs no escaping.
local thread_count = 0

function setup(thread)
    thread:set("tid", thread_count)
    thread_count = thread_count + 1
end

function init(args)
    template = args[1]
    threads = tonumber(args[2])
    offset = tonumber(args[3])
    counter = 0
end

function request()
    local n = counter * threads + tid
    counter = counter + 1
    local path = template:gsub("{q}", string.format("%d", 70 + n % 20)):gsub("{n}", string.format("%d", offset + n))
    return wrk.format("GET", path)
end
