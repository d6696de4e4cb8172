// The scripts as the fleet ran them before they were declared with named keys and arguments: src/redis/answer-lua.ts at
// d53b0b0, word for word below this header, so that test/coordinator/redis-mixed-versions.test.ts runs a process of that
// version beside one of this. Never edit it: it is the previous wire protocol, not code to keep in step.
/**
 * The Lua scripts of the fleet's answer store (answer-store.ts). Each is one atomic step judged by
 * Redis's `TIME`: an answer's sending is stamped on Redis's clock (a bound from below the process
 * computes), and its age is read on that clock too, so processes whose clocks differ agree.
 *
 * `KEYS` = the index (ZSET answer -> when it expires), the totals (HASH bytes, maxTtl), the clear
 * stamps (HASH selection -> when), their index (ZSET selection -> when), the answer (HASH sentAt,
 * claim, route, path, query, body) and its claim (STRING token). `ARGV[1]` is the prefix of the
 * answers' keys (the index holds their digests), `ARGV[2]` the answer's digest; the rest follow.
 * Every reply is `{status, now, a, b, entries, bytes}`.
 */

const PRELUDE = `
local K_INDEX, K_TOTALS, K_CLEARS, K_CLEAR_INDEX, K_ANSWER, K_CLAIM = unpack(KEYS)
local PREFIX, DIGEST = ARGV[1], ARGV[2]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

local function reply(status, a, b)
  local bytes = tonumber(redis.call('HGET', K_TOTALS, 'bytes') or '0')
  return { status, now, a or '', b or '', redis.call('ZCARD', K_INDEX), bytes }
end

-- The latest clear that selects an answer of this route, path and query (0: none).
local function clearedAt(route, path, query)
  local stamps = redis.call('HMGET', K_CLEARS, '*', route .. '\\n*\\n*', route .. '\\n' .. path .. '\\n*',
    route .. '\\n' .. path .. '\\n' .. query, route .. '\\n*\\n' .. query)
  local latest = 0
  for _, v in ipairs(stamps) do
    if v then latest = math.max(latest, tonumber(v)) end
  end
  return latest
end
`;

/**
 * Looks for a served answer: one sent after every clear that selects it, and either younger than
 * `readMs` or the answer of the fetch `holder` a waiter waits for. Else, with a claim token, claims
 * the fetching (`SET NX PX`) or names who holds it.
 * ARGV: 3 route, 4 path, 5 query, 6 readMs, 7 claim token ('' for none), 8 claim ms, 9 holder ('' unless waiting).
 * Replies `hit` (a = sentAt, b = body), `claimed`, `wait` (a = the holder), `gone` (the holder's
 * fetch ended without an answer, or its claim lapsed) or `miss`; a = the latest clear when not `hit`.
 */
export const LOOKUP = `${PRELUDE}
local readMs, token, claimMs, holder = tonumber(ARGV[6]), ARGV[7], ARGV[8], ARGV[9]
local a = redis.call('HMGET', K_ANSWER, 'sentAt', 'claim', 'route', 'path', 'query', 'body')
local cleared = clearedAt(ARGV[3], ARGV[4], ARGV[5])
if a[1] and a[6] then
  local sentAt = tonumber(a[1])
  if sentAt > cleared and ((readMs > 0 and now - sentAt < readMs) or (holder ~= '' and a[2] == holder)) then
    return reply('hit', a[1], a[6])
  end
end
if holder ~= '' then
  if redis.call('GET', K_CLAIM) == holder then return reply('wait', cleared, holder) end
  return reply('gone', cleared)
end
if token ~= '' then
  if redis.call('SET', K_CLAIM, token, 'NX', 'PX', claimMs) then return reply('claimed', cleared) end
  return reply('wait', cleared, redis.call('GET', K_CLAIM))
end
return reply('miss', cleared)
`;

/**
 * Keeps an answer until `sentAt + ttl` (Redis's clock), and at least `handoff` ms from now when it
 * ends the caller's claim (the waiters read it by the claim). Refused when a clear selects it since
 * its sending (`cleared`), when already expired, or when larger than the bound. Room is made by
 * dropping expired answers, then those that expire soonest.
 * ARGV: 3 route, 4 path, 5 query, 6 sentAt, 7 ttl ms, 8 claim token, 9 body, 10 bytes, 11 max bytes, 12 handoff ms.
 */
export const KEEP = `${PRELUDE}
local sentAt, ttl, token, body, bytes, maxBytes = tonumber(ARGV[6]), tonumber(ARGV[7]), ARGV[8], ARGV[9], tonumber(ARGV[10]), tonumber(ARGV[11])
if token ~= '' and redis.call('GET', K_CLAIM) == token then redis.call('DEL', K_CLAIM) end
if sentAt <= clearedAt(ARGV[3], ARGV[4], ARGV[5]) then return reply('cleared') end
local expires = sentAt + ttl
if token ~= '' then expires = math.max(expires, now + tonumber(ARGV[12])) end
if expires <= now then return reply('expired') end
if bytes > maxBytes then return reply('large') end

local function drop(digest)
  local size = redis.call('HGET', K_TOTALS, 'answer:' .. digest)
  if size then
    redis.call('HINCRBY', K_TOTALS, 'bytes', -tonumber(size))
    redis.call('HDEL', K_TOTALS, 'answer:' .. digest)
  end
  redis.call('ZREM', K_INDEX, digest)
  redis.call('DEL', PREFIX .. digest)
end

drop(DIGEST)
for _, digest in ipairs(redis.call('ZRANGEBYSCORE', K_INDEX, '-inf', now, 'LIMIT', 0, 100)) do drop(digest) end
while tonumber(redis.call('HGET', K_TOTALS, 'bytes') or '0') + bytes > maxBytes do
  local first = redis.call('ZRANGE', K_INDEX, 0, 0)
  if #first == 0 then break end
  drop(first[1])
end

redis.call('HSET', K_ANSWER, 'sentAt', sentAt, 'claim', token, 'route', ARGV[3], 'path', ARGV[4], 'query', ARGV[5], 'body', body)
redis.call('PEXPIREAT', K_ANSWER, expires)
redis.call('ZADD', K_INDEX, expires, DIGEST)
redis.call('HINCRBY', K_TOTALS, 'bytes', bytes)
redis.call('HSET', K_TOTALS, 'answer:' .. DIGEST, bytes)
local longest = math.max(tonumber(redis.call('HGET', K_TOTALS, 'maxTtl') or '0'), ttl)
redis.call('HSET', K_TOTALS, 'maxTtl', longest)
-- The index and the totals outlive every answer they count, and no longer.
local last = redis.call('ZRANGE', K_INDEX, -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', K_INDEX, tonumber(last[2]))
redis.call('PEXPIREAT', K_TOTALS, tonumber(last[2]))
return reply('kept')
`;

/** Ends a claim if the caller still holds it (its fetch failed): the waiters fetch themselves. ARGV: 3 token. */
export const RELEASE = `${PRELUDE}
if redis.call('GET', K_CLAIM) == ARGV[3] then redis.call('DEL', K_CLAIM) end
return reply('released')
`;

/**
 * Stamps a clear of a selection (`*`, or `route\\npath\\nquery` with `*` for any): answers sent
 * before it are never served again. Stamps live as long as the longest-lived answer; past
 * `ARGV[4]` of them, they collapse into one clear of everything (never serving less than asked).
 * ARGV: 3 selection, 4 most stamps.
 */
export const CLEAR = `${PRELUDE}
local selection, most = ARGV[3], tonumber(ARGV[4])
local longest = tonumber(redis.call('HGET', K_TOTALS, 'maxTtl') or '0')
for _, old in ipairs(redis.call('ZRANGEBYSCORE', K_CLEAR_INDEX, '-inf', now - longest - 1)) do
  redis.call('HDEL', K_CLEARS, old)
  redis.call('ZREM', K_CLEAR_INDEX, old)
end
if selection == '*' or redis.call('ZCARD', K_CLEAR_INDEX) >= most then
  redis.call('DEL', K_CLEARS, K_CLEAR_INDEX)
  selection = '*'
end
redis.call('HSET', K_CLEARS, selection, now)
redis.call('ZADD', K_CLEAR_INDEX, now, selection)
-- A stamp matters while an answer sent before it may live: the longest TTL (at least a minute).
local ttl = math.max(longest, 60000) + 1000
redis.call('PEXPIRE', K_CLEARS, ttl)
redis.call('PEXPIRE', K_CLEAR_INDEX, ttl)
return reply('cleared')
`;
