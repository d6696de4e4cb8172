/**
 * The Lua scripts of the fleet's answer store (answer-store.ts). Each is one atomic step judged by
 * Redis's `TIME`: an answer's sending is stamped on Redis's clock (a bound from below the process
 * computes), and its age is read on that clock too, so processes whose clocks differ agree.
 *
 * Each script's keys, arguments and replies are declared in answers.ts; its text here reads them by
 * name, from the preamble generated from that declaration (declare.ts): the keys as `K_INDEX`...,
 * `prefix` and `digest` as locals, the script's own arguments as `args.<name>`. Never `KEYS` or
 * `ARGV` (a test holds this). `reply(status, ...)` gives the status's fields in their declared order.
 */
import type { ANSWER_SCRIPTS } from './answers';
import type { LuaOf } from './declare';

/** What every script runs after its preamble: Redis's clock, the reply, the clear stamps. */
export const ANSWERS_PRELUDE = `
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

/** Each script's body (its keys, arguments and replies: answers.ts). */
export const ANSWERS_LUA: LuaOf<typeof ANSWER_SCRIPTS> = {
  lookup: `
local readMs, token, holder = args.readMs, args.token, args.holder
local a = redis.call('HMGET', K_ANSWER, 'sentAt', 'claim', 'route', 'path', 'query', 'body')
local cleared = clearedAt(args.route, args.path, args.query)
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
  if redis.call('SET', K_CLAIM, token, 'NX', 'PX', args.claimMs) then return reply('claimed', cleared) end
  return reply('wait', cleared, redis.call('GET', K_CLAIM))
end
return reply('miss', cleared)
`,

  keep: `
local sentAt, ttl, token, body, bytes, maxBytes = args.sentAt, args.ttlMs, args.token, args.body, args.bytes, args.maxBytes
if token ~= '' and redis.call('GET', K_CLAIM) == token then redis.call('DEL', K_CLAIM) end
if sentAt <= clearedAt(args.route, args.path, args.query) then return reply('cleared') end
local expires = sentAt + ttl
if token ~= '' then expires = math.max(expires, now + args.handoffMs) end
if expires <= now then return reply('expired') end
if bytes > maxBytes then return reply('large') end

local function drop(digest)
  local size = redis.call('HGET', K_TOTALS, 'answer:' .. digest)
  if size then
    redis.call('HINCRBY', K_TOTALS, 'bytes', -tonumber(size))
    redis.call('HDEL', K_TOTALS, 'answer:' .. digest)
  end
  redis.call('ZREM', K_INDEX, digest)
  redis.call('DEL', prefix .. digest)
end

drop(digest)
for _, old in ipairs(redis.call('ZRANGEBYSCORE', K_INDEX, '-inf', now, 'LIMIT', 0, 100)) do drop(old) end
while tonumber(redis.call('HGET', K_TOTALS, 'bytes') or '0') + bytes > maxBytes do
  local first = redis.call('ZRANGE', K_INDEX, 0, 0)
  if #first == 0 then break end
  drop(first[1])
end

redis.call('HSET', K_ANSWER, 'sentAt', sentAt, 'claim', token, 'route', args.route, 'path', args.path, 'query', args.query, 'body', body)
redis.call('PEXPIREAT', K_ANSWER, expires)
redis.call('ZADD', K_INDEX, expires, digest)
redis.call('HINCRBY', K_TOTALS, 'bytes', bytes)
redis.call('HSET', K_TOTALS, 'answer:' .. digest, bytes)
local longest = math.max(tonumber(redis.call('HGET', K_TOTALS, 'maxTtl') or '0'), ttl)
redis.call('HSET', K_TOTALS, 'maxTtl', longest)
-- The index and the totals outlive every answer they count, and no longer.
local last = redis.call('ZRANGE', K_INDEX, -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', K_INDEX, tonumber(last[2]))
redis.call('PEXPIREAT', K_TOTALS, tonumber(last[2]))
return reply('kept')
`,

  release: `
if redis.call('GET', K_CLAIM) == args.token then redis.call('DEL', K_CLAIM) end
return reply('released')
`,

  // Stamps live as long as the longest-lived answer.
  clear: `
local selection, most = args.selection, args.most
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
`,
};
