/**
 * The Lua scripts of the Redis coordinator: one script per operation (atomic), timed by Redis's
 * `TIME` (one clock for the whole fleet).
 *
 * Why not `rate-limiter-flexible`: its fixed windows follow Redis's clock, while the service counts
 * per second of ITS clock (docs/service.md, "Rate limit"): two adjacent windows can put twice the
 * rate into one service second. Here an attempt holds one of `rate` slots until one window after its
 * answer (as `Pacer` does), so no second of any clock sees more than `rate`; budget reservations and
 * lease lapses must share that atomic step.
 *
 * Each script's keys, arguments and replies are declared in coordinator.ts; its text here reads them by
 * name, from the preamble generated from that declaration (declare.ts): the keys as `K_STATE`...,
 * the family's arguments as locals (`retention`, `lease`, `window`, `deadline`, `knownEpoch`,
 * `firstEpoch`), the script's own as `args.<name>`. Never `KEYS` or `ARGV` (a test holds this).
 * A script that finds no record (or another epoch) where the process knew one replies `lost` and
 * changes nothing, until `RECOVER` (fail closed). `reply(status, ...)` gives the status's fields in
 * their declared order.
 */
import type { LuaOf } from './declare';
import { STATE_FIELDS, type COORDINATOR_SCRIPTS } from './coordinator';

/** The most lapsed reservations remembered (for a late settle's refund); the oldest are forgotten first. */
const MAX_LAPSED = 1000;

/** What every script runs after its preamble: Redis's clock, and the helpers of the bodies. */
export const COORDINATOR_PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

-- An operation that reaches Redis after its client gave up on it (its deadline, on this clock) takes nothing.
local function late()
  return deadline ~= nil and now > deadline
end

-- No key expires (a volatile-* policy never evicts one): the scripts prune what they hold. Every key
-- but the state keeps a placeholder member, so that none is ever missing (Redis Cluster refuses a
-- script that names a missing key while the slot migrates); counts and ranges leave it out.
local PH = '~'
local function placeholders()
  for _, key in ipairs({ K_SLOTS, K_HELD, K_RESERVATIONS, K_LAPSED, K_ROTATION_INDEX, K_WAITERS, K_WAITER_LEASES }) do
    redis.call('ZADD', key, 'NX', '+inf', PH)
  end
  for _, key in ipairs({ K_ENVELOPES, K_LAPSED_ENVELOPES, K_ROTATIONS }) do redis.call('HSETNX', key, PH, '0') end
end
local function count(key)
  return redis.call('ZCOUNT', key, '-inf', '(+inf')
end
-- Moves a reservation's lease end to \`untilMs\`, never earlier than it is.
local function extend(id, untilMs)
  local at = redis.call('ZSCORE', K_RESERVATIONS, id)
  if at and tonumber(at) < untilMs then redis.call('ZADD', K_RESERVATIONS, untilMs, id) end
end
-- Keeps the newest \`most\` members of an index (a ZSET), forgetting the others and their values in \`hash\`.
local function keepNewest(index, hash, most)
  local extra = count(index) - most
  if extra <= 0 then return end
  for _, member in ipairs(redis.call('ZRANGE', index, 0, extra - 1)) do
    redis.call('ZREM', index, member)
    redis.call('HDEL', hash, member)
  end
end

-- The plan's rate a process shared, while it lasts ('' when none).
local function rateOf(rate, untilMs)
  if rate and tonumber(untilMs or '0') > now then return rate end
  return ''
end

-- A notice on the namespace's channel (layout.ts, \`wakeChannel\`): \`<waiter> <ms>\`, or \`*\` for every waiter.
-- An ACL without the channel refuses it: waiters then go by their estimates, and the script goes on.
local function notify(who, at)
  redis.pcall('PUBLISH', string.sub(K_STATE, 1, -6) .. 'wake', who .. ' ' .. at)
end

local function reply(status, a, b, c)
  local r = { status, now, a or '', b or '', c or '' }
  local s = redis.call('HMGET', K_STATE, ${STATE_FIELDS.map((f) => `'${f}'`).join(', ')}, 'rate', 'rate-until')
  for i = 1, ${STATE_FIELDS.length} do r[5 + i] = s[i] end
  r[6 + ${STATE_FIELDS.length}] = rateOf(s[${STATE_FIELDS.length + 1}], s[${STATE_FIELDS.length + 2}])
  return r
end

-- What was lost, if the process knew a record that is gone or replaced (its epoch, or the one a
-- recovery began from); the namespace's first script begins its record.
local function guard()
  local head = redis.call('HMGET', K_STATE, 'epoch', 'from', 'reserved')
  local known = knownEpoch
  if not head[1] then
    if known ~= '' then return 'record' end
    redis.call('HSET', K_STATE, 'epoch', firstEpoch)
    placeholders()
    return nil
  end
  if known ~= '' and head[1] ~= known and head[2] ~= known then return 'epoch' end
  if tonumber(head[3] or '0') > 0 and redis.call('EXISTS', K_RESERVATIONS, K_ENVELOPES) < 2 then return 'reservations' end
  return nil
end

-- Frees the slots whose lease lapsed and the holds that ended; a reservation whose lease lapsed
-- counts as spent at its whole envelope (the service may have charged it), remembered so that a
-- late settle refunds the difference.
local function lapse()
  redis.call('ZREMRANGEBYSCORE', K_SLOTS, '-inf', now)
  redis.call('ZREMRANGEBYSCORE', K_HELD, '-inf', now)
  local gone = redis.call('ZRANGEBYSCORE', K_RESERVATIONS, '-inf', now, 'LIMIT', 0, 500)
  local total = 0
  for _, id in ipairs(gone) do
    local e = tonumber(redis.call('HGET', K_ENVELOPES, id) or '0')
    total = total + e
    redis.call('HDEL', K_ENVELOPES, id)
    redis.call('ZREM', K_RESERVATIONS, id)
    redis.call('HSET', K_LAPSED_ENVELOPES, id, e)
    redis.call('ZADD', K_LAPSED, now + retention, id)
  end
  if total ~= 0 then
    redis.call('HINCRBY', K_STATE, 'reserved', -total)
    redis.call('HINCRBY', K_STATE, 'spent', total)
    -- The newest lapsed reservations are kept (a settle of an older one is then not refunded).
    keepNewest(K_LAPSED, K_LAPSED_ENVELOPES, ${MAX_LAPSED})
  end
  -- A waiter whose process stopped asking (a lease past when it was told to ask again) leaves the line.
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', K_WAITER_LEASES, '-inf', now - lease, 'LIMIT', 0, 500)) do
    redis.call('ZREM', K_WAITER_LEASES, id)
    redis.call('ZREM', K_WAITERS, id)
  end
  local old = redis.call('ZRANGEBYSCORE', K_LAPSED, '-inf', now, 'LIMIT', 0, 500)
  for _, id in ipairs(old) do
    redis.call('ZREM', K_LAPSED, id)
    redis.call('HDEL', K_LAPSED_ENVELOPES, id)
  end
end

-- Takes a slot for id when fewer than rate are held and no earlier waiter is owed one: 1, 0. Else
-- id waits in the namespace's line (first come, first served across processes): 0 and the ms until
-- its turn may come (the hold that frees its slot, when known; else a window per rate slots ahead).
-- A listening waiter (its process hears the notices SETTLE publishes) is told the time of its slot
-- when the slot's hold starts; its own estimate is then only the fallback of a lost notice.
local function take(id, rate, listening)
  if redis.call('ZSCORE', K_SLOTS, id) then return 1, 0 end
  -- A rebuilt record knows nothing of the slots held before the loss: none is given for a window.
  local quiet = redis.call('HGET', K_STATE, 'quiet')
  if quiet and now < tonumber(quiet) then return 0, tonumber(quiet) - now end
  local free = rate - count(K_SLOTS) - count(K_HELD)
  local rank = redis.call('ZRANK', K_WAITERS, id)
  local ahead = rank or count(K_WAITERS)
  -- Only the waiters ahead that are due (told to ask by now) are owed a slot before this one: one
  -- told to come later does not leave a free slot idle until then.
  local due = 0
  if ahead > 0 and free > 0 then
    for _, other in ipairs(redis.call('ZRANGE', K_WAITERS, 0, math.min(ahead, 256) - 1)) do
      local at = redis.call('ZSCORE', K_WAITER_LEASES, other)
      if at and tonumber(at) <= now then due = due + 1 end
      if due >= free then break end
    end
  end
  if due < free then
    if rank then
      redis.call('ZREM', K_WAITERS, id)
      redis.call('ZREM', K_WAITER_LEASES, id)
    end
    redis.call('ZADD', K_SLOTS, now + lease, id)
    return 1, 0
  end
  local k = ahead - math.max(free, 0)
  local wait
  local h = redis.call('ZRANGE', K_HELD, k, k, 'WITHSCORES')
  if h[2] and h[1] ~= PH then
    wait = tonumber(h[2]) - now
  else
    wait = window * math.max(1, math.ceil((k + 1 - count(K_HELD)) / math.max(rate, 1)))
    if listening then wait = 2 * wait + window end
  end
  -- A slot in flight frees early when its lease lapses (its process died).
  local s = redis.call('ZRANGE', K_SLOTS, 0, 0, 'WITHSCORES')
  if s[2] and s[1] ~= PH then wait = math.min(wait, tonumber(s[2]) - now) end
  wait = math.max(1, wait)
  if not rank then
    redis.call('ZADD', K_WAITERS, redis.call('HINCRBY', K_STATE, 'ticket', 1), id)
  end
  redis.call('ZADD', K_WAITER_LEASES, now + wait, id)
  -- The reservation waits with its waiter: it lapses a lease after the time the waiter was told.
  extend(id, now + wait + lease)
  return 0, wait
end

-- Ends an attempt's slot (without a hold) and its reservation, and spends cost; a reservation that
-- lapsed was counted as spent at its whole envelope: only the difference is spent (or refunded).
local function finish(id, cost)
  redis.call('ZREM', K_SLOTS, id)
  local charged = cost
  local e = redis.call('HGET', K_ENVELOPES, id)
  if e then
    redis.call('HDEL', K_ENVELOPES, id)
    redis.call('ZREM', K_RESERVATIONS, id)
    redis.call('HINCRBY', K_STATE, 'reserved', -tonumber(e))
  else
    local lapsed = redis.call('HGET', K_LAPSED_ENVELOPES, id)
    if lapsed then
      redis.call('HDEL', K_LAPSED_ENVELOPES, id)
      redis.call('ZREM', K_LAPSED, id)
      charged = charged - tonumber(lapsed)
    end
  end
  if charged ~= 0 then redis.call('HINCRBY', K_STATE, 'spent', charged) end
end
`;

/** A body that begins with the guard: it replies `lost` and changes nothing when the record the process knew is gone. */
const guarded = (body: string): string => `local lost = guard()\nif lost then return reply('lost', lost) end\n${body.trim()}`;

/** Each script's body (its keys, arguments and replies: coordinator.ts). */
export const COORDINATOR_LUA: LuaOf<typeof COORDINATOR_SCRIPTS> = {
  admit: guarded(`
if late() then return reply('late') end
lapse()
local id, envelope = args.id, args.envelope
if envelope ~= '' and redis.call('HEXISTS', K_ENVELOPES, id) == 0 then
  local e = tonumber(envelope)
  local st = redis.call('HMGET', K_STATE, 'spent', 'reserved', 'dr', 'drs', 'pr', 'prs')
  local reserved = tonumber(st[2] or '0')
  if args.maxCredits then
    local available = args.maxCredits - tonumber(st[1] or '0') - reserved
    if e > available then return reply('budget', 'maxCredits', tostring(available)) end
  end
  -- A floor holds against the window's last report, stale from its reset on (the service's clock).
  local function short(floor, remaining, reset)
    if not floor or not remaining then return nil end
    if reset and args.serviceNow >= tonumber(reset) then return nil end
    local available = tonumber(remaining) - reserved - floor
    if e > available then return available end
    return nil
  end
  local a = short(args.dailyFloor, st[3], st[4])
  if a then return reply('budget', 'dailyFloor', tostring(a)) end
  a = short(args.periodFloor, st[5], st[6])
  if a then return reply('budget', 'periodFloor', tostring(a)) end
  redis.call('ZADD', K_RESERVATIONS, now + lease, id)
  redis.call('HSET', K_ENVELOPES, id, envelope)
  redis.call('HINCRBY', K_STATE, 'reserved', e)
end
local slot, wait = 0, 0
if args.rate then slot, wait = take(id, args.rate, args.listening) end
return reply('ok', slot, wait)
`),

  slot: guarded(`
if late() then return reply('late') end
lapse()
extend(args.id, now + lease)
local slot, wait = take(args.id, args.rate, args.listening)
return reply('ok', slot, wait)
`),

  // A waiter's reservation is never shortened.
  renew: guarded(`
lapse()
for _, id in ipairs(args.ids) do
  redis.call('ZADD', K_SLOTS, 'XX', now + lease, id)
  extend(id, now + lease)
end
return reply('ok')
`),

  // An older window never replaces a newer one. After an anchored recovery, the service's remaining
  // credits raise the spend (less reservations in flight). A hold that starts tells the first waiter
  // not yet due by its end to ask then: a notice `<waiter> <ms>` on the namespace's channel
  // (layout.ts, `wakeChannel`).
  settle: guarded(`
lapse()
local id, cost = args.id, args.cost
-- A settle tried again whose first try landed finds nothing of its attempt left: it changes nothing.
if args.retry and not redis.call('HGET', K_ENVELOPES, id) and not redis.call('HGET', K_LAPSED_ENVELOPES, id)
  and not redis.call('ZSCORE', K_SLOTS, id) then
  return reply('ok')
end
finish(id, cost or 0)
-- The hold starts, even for a slot whose lease lapsed meanwhile: its request may have reached the service.
if args.held then
  local ends = now + window
  redis.call('ZADD', K_HELD, ends, id)
  -- The first waiter in line not told to ask by the time this slot frees is told to ask then.
  for _, waiter in ipairs(redis.call('ZRANGE', K_WAITERS, 0, 255)) do
    if waiter == PH then break end
    if tonumber(redis.call('ZSCORE', K_WAITER_LEASES, waiter) or '0') > ends then
      redis.call('ZADD', K_WAITER_LEASES, ends, waiter)
      notify(waiter, ends)
      break
    end
  end
end
local function record(p, limit, remaining, reset)
  if reset ~= '' then
    local current = redis.call('HGET', K_STATE, p .. 'rs')
    if current and tonumber(reset) < tonumber(current) then return end
    redis.call('HSET', K_STATE, p .. 'rs', reset)
  end
  if limit ~= '' then redis.call('HSET', K_STATE, p .. 'l', limit) end
  if remaining ~= '' then redis.call('HSET', K_STATE, p .. 'r', remaining) end
end
if cost then
  redis.call('HINCRBY', K_STATE, 'calls', 1)
  redis.call('HSET', K_STATE, 'upd', now)
  record('p', args.periodLimit, args.periodRemaining, args.periodReset)
  record('d', args.dailyLimit, args.dailyRemaining, args.dailyReset)
  local anchor = redis.call('HMGET', K_STATE, 'as', 'ar', 'ars', 'spent', 'reserved')
  if anchor[1] and args.periodRemaining ~= '' and args.periodReset == anchor[3] then
    local counted = tonumber(anchor[1]) + tonumber(anchor[2]) - tonumber(args.periodRemaining) - tonumber(anchor[5] or '0')
    if counted > tonumber(anchor[4] or '0') then redis.call('HSET', K_STATE, 'spent', counted) end
  end
end
return reply('ok')
`),

  // No hold, no spend (an aborted wait, a timeout).
  release: guarded(`
lapse()
finish(args.id, 0)
redis.call('ZREM', K_WAITERS, args.id)
redis.call('ZREM', K_WAITER_LEASES, args.id)
return reply('ok')
`),

  // Lapsed leases applied.
  read: guarded(`
lapse()
return reply('ok')
`),

  // It lasts its ttl, so that a plan change is seen; a higher one tells every waiter to ask at once.
  rate: guarded(`
local r = redis.call('HMGET', K_STATE, 'rate', 'rate-until')
if args.rate ~= '' then
  local before = tonumber(rateOf(r[1], r[2])) or 0
  redis.call('HSET', K_STATE, 'rate', args.rate, 'rate-until', now + args.ttlMs)
  if tonumber(args.rate) > before then notify('*', now) end
  r = redis.call('HMGET', K_STATE, 'rate', 'rate-until')
end
return reply('ok', rateOf(r[1], r[2]))
`),

  // The holder's token and the lock's end are in the state: it lapses a lease after its last renewal.
  lock: guarded(`
if late() then return reply('late') end
local l = redis.call('HMGET', K_STATE, 'lock', 'lock-until')
local left = tonumber(l[2] or '0') - now
if not l[1] or left <= 0 or l[1] == args.token then
  redis.call('HSET', K_STATE, 'lock', args.token, 'lock-until', now + lease)
  return reply('ok', 1)
end
return reply('ok', 0, left)
`),

  relock: guarded(`
local l = redis.call('HMGET', K_STATE, 'lock', 'lock-until')
if l[1] == args.token and tonumber(l[2] or '0') > now then
  redis.call('HSET', K_STATE, 'lock-until', now + lease)
  return reply('ok', 1)
end
return reply('ok', 0)
`),

  // Compare and delete.
  unlock: guarded(`
if redis.call('HGET', K_STATE, 'lock') == args.token then redis.call('HDEL', K_STATE, 'lock', 'lock-until') end
return reply('ok')
`),

  publish: guarded(`
redis.call('HSET', K_ROTATIONS, args.field, args.sealed)
redis.call('ZADD', K_ROTATION_INDEX, now, args.field)
keepNewest(K_ROTATION_INDEX, K_ROTATIONS, args.most)
redis.call('HSET', K_STATE, 'kid', args.keyId)
redis.call('HINCRBY', K_STATE, 'gen', 1)
return reply('ok')
`),

  rotationOf: guarded(`
return reply('ok', redis.call('HGET', K_ROTATIONS, args.field), redis.call('HGET', K_STATE, 'kid'))
`),

  // Field `~pending` of the rotations.
  pending: guarded(`
if args.op == 'save' then
  redis.call('HSET', K_ROTATIONS, '~pending', args.sealed)
  redis.call('HSET', K_STATE, 'kid', args.keyId)
elseif args.op == 'clear' then
  redis.call('HDEL', K_ROTATIONS, '~pending')
end
return reply('ok', redis.call('HGET', K_ROTATIONS, '~pending'), redis.call('HGET', K_STATE, 'kid'))
`),

  // A fresh record (a fresh budget) that every process of the cleared one adopts. No key is deleted
  // on the way (each keeps its placeholder, the state its new epoch), so a key is never missing, even
  // for a moment. Unguarded: it begins a record whatever the process knew.
  clear: `
local epoch = redis.call('HGET', K_STATE, 'epoch')
placeholders()
redis.call('HSET', K_STATE, 'epoch', args.epoch)
if epoch then redis.call('HSET', K_STATE, 'from', epoch) end
for _, field in ipairs(redis.call('HKEYS', K_STATE)) do
  if field ~= 'epoch' and (field ~= 'from' or not epoch) then redis.call('HDEL', K_STATE, field) end
end
for _, key in ipairs({ K_SLOTS, K_HELD, K_RESERVATIONS, K_LAPSED, K_ROTATION_INDEX, K_WAITERS, K_WAITER_LEASES }) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', '(+inf')
end
for _, key in ipairs({ K_ENVELOPES, K_LAPSED_ENVELOPES, K_ROTATIONS }) do
  for _, field in ipairs(redis.call('HKEYS', key)) do
    if field ~= PH then redis.call('HDEL', key, field) end
  end
end
return reply('ok')
`,

  // docs/scaling.md, "Lost state". One already rebuilt from the same epoch is adopted (raised to this
  // spend if higher); one begun afresh keeps its spend plus the known one. Orphaned reservations count
  // as spent. With the period window, the record is anchored (SETTLE then bounds the spend from
  // below). Unguarded: it is what a process that was told `lost` runs.
  recover: `
local old, known = args.oldEpoch, args.known
if old == '' then return reply('ok') end
placeholders()
local st = redis.call('HMGET', K_STATE, 'epoch', 'from', 'base', 'reserved')
local held = 0
for i, v in ipairs(redis.call('HGETALL', K_ENVELOPES)) do
  if i % 2 == 0 then held = held + tonumber(v) end
end
local missing = tonumber(st[4] or '0') - held
if missing > 0 then
  redis.call('HINCRBY', K_STATE, 'spent', missing)
  redis.call('HSET', K_STATE, 'reserved', held)
end
if st[1] and st[1] ~= old and st[2] == old then
  local base = tonumber(st[3] or '0')
  if known > base then
    redis.call('HINCRBY', K_STATE, 'spent', known - base)
    redis.call('HSET', K_STATE, 'base', known)
  end
  return reply('ok')
end
if st[1] ~= old then
  -- The slots held before the loss are unknown: the rebuilt record gives none for a window.
  redis.call('HSET', K_STATE, 'quiet', now + window)
  redis.call('HINCRBY', K_STATE, 'spent', known)
  if not st[1] then redis.call('HSET', K_STATE, 'epoch', args.newEpoch) end
  redis.call('HSET', K_STATE, 'from', old, 'base', known)
end
local function restore(p, limit, remaining, reset)
  if remaining == '' or redis.call('HEXISTS', K_STATE, p .. 'r') == 1 then return end
  redis.call('HSET', K_STATE, p .. 'r', remaining)
  if limit ~= '' then redis.call('HSET', K_STATE, p .. 'l', limit) end
  if reset ~= '' then redis.call('HSET', K_STATE, p .. 'rs', reset) end
end
restore('p', args.periodLimit, args.periodRemaining, args.periodReset)
restore('d', args.dailyLimit, args.dailyRemaining, args.dailyReset)
if args.periodRemaining ~= '' and args.periodReset ~= '' then
  redis.call('HSET', K_STATE, 'as', args.anchored, 'ar', args.periodRemaining, 'ars', args.periodReset)
end
return reply('ok')
`,
};
