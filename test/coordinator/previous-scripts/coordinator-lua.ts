// The scripts as the fleet ran them before they were declared with named keys and arguments: src/redis/lua.ts at
// d53b0b0, word for word below this header, so that test/coordinator/redis-mixed-versions.test.ts runs a process of that
// version beside one of this. Never edit it: it is the previous wire protocol, not code to keep in step.
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
 * `ARGV[1..6]` = retention ms, lease ms, window ms, deadline (Redis ms; '' for none), the epoch the
 * process knows ('' before its first reply), an epoch to begin with; a script's own from `ARGV[7]`.
 * A script that finds no record (or another epoch) where the process knew one replies `lost` and
 * changes nothing, until `RECOVER` (fail closed). Replies: `{status, now, a, b, c, ...state, rate}`.
 */

/** The most lapsed reservations remembered (for a late settle's refund); the oldest are forgotten first. */
const MAX_LAPSED = 1000;

/** The fields of the state hash that end every reply, in order (reply.ts reads them). */
export const STATE_FIELDS = ['spent', 'calls', 'reserved', 'pl', 'pr', 'prs', 'dl', 'dr', 'drs', 'upd', 'gen', 'epoch'] as const;

const PRELUDE = `
local K_STATE, K_SLOTS, K_HELD, K_RESV, K_ENV, K_LAPSED, K_LAPSED_ENV, K_ROT, K_ROT_INDEX, K_WAIT, K_WAIT_LEASE = unpack(KEYS)
local retention = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

-- An operation that reaches Redis after its client gave up on it (its deadline, on this clock) takes nothing.
local function late()
  return ARGV[4] ~= '' and now > tonumber(ARGV[4])
end

-- No key expires (a volatile-* policy never evicts one): the scripts prune what they hold. Every key
-- but the state keeps a placeholder member, so that none is ever missing (Redis Cluster refuses a
-- script that names a missing key while the slot migrates); counts and ranges leave it out.
local PH = '~'
local function placeholders()
  for _, key in ipairs({ K_SLOTS, K_HELD, K_RESV, K_LAPSED, K_ROT_INDEX, K_WAIT, K_WAIT_LEASE }) do
    redis.call('ZADD', key, 'NX', '+inf', PH)
  end
  for _, key in ipairs({ K_ENV, K_LAPSED_ENV, K_ROT }) do redis.call('HSETNX', key, PH, '0') end
end
local function count(key)
  return redis.call('ZCOUNT', key, '-inf', '(+inf')
end
-- Moves a reservation's lease end to \`untilMs\`, never earlier than it is.
local function extend(id, untilMs)
  local at = redis.call('ZSCORE', K_RESV, id)
  if at and tonumber(at) < untilMs then redis.call('ZADD', K_RESV, untilMs, id) end
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
  local known = ARGV[5]
  if not head[1] then
    if known ~= '' then return 'record' end
    redis.call('HSET', K_STATE, 'epoch', ARGV[6])
    placeholders()
    return nil
  end
  if known ~= '' and head[1] ~= known and head[2] ~= known then return 'epoch' end
  if tonumber(head[3] or '0') > 0 and redis.call('EXISTS', K_RESV, K_ENV) < 2 then return 'reservations' end
  return nil
end

-- Frees the slots whose lease lapsed and the holds that ended; a reservation whose lease lapsed
-- counts as spent at its whole envelope (the service may have charged it), remembered so that a
-- late settle refunds the difference.
local function lapse()
  redis.call('ZREMRANGEBYSCORE', K_SLOTS, '-inf', now)
  redis.call('ZREMRANGEBYSCORE', K_HELD, '-inf', now)
  local gone = redis.call('ZRANGEBYSCORE', K_RESV, '-inf', now, 'LIMIT', 0, 500)
  local total = 0
  for _, id in ipairs(gone) do
    local e = tonumber(redis.call('HGET', K_ENV, id) or '0')
    total = total + e
    redis.call('HDEL', K_ENV, id)
    redis.call('ZREM', K_RESV, id)
    redis.call('HSET', K_LAPSED_ENV, id, e)
    redis.call('ZADD', K_LAPSED, now + retention, id)
  end
  if total ~= 0 then
    redis.call('HINCRBY', K_STATE, 'reserved', -total)
    redis.call('HINCRBY', K_STATE, 'spent', total)
    -- The newest lapsed reservations are kept (a settle of an older one is then not refunded).
    keepNewest(K_LAPSED, K_LAPSED_ENV, ${MAX_LAPSED})
  end
  -- A waiter whose process stopped asking (a lease past when it was told to ask again) leaves the line.
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', K_WAIT_LEASE, '-inf', now - lease, 'LIMIT', 0, 500)) do
    redis.call('ZREM', K_WAIT_LEASE, id)
    redis.call('ZREM', K_WAIT, id)
  end
  local old = redis.call('ZRANGEBYSCORE', K_LAPSED, '-inf', now, 'LIMIT', 0, 500)
  for _, id in ipairs(old) do
    redis.call('ZREM', K_LAPSED, id)
    redis.call('HDEL', K_LAPSED_ENV, id)
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
  local rank = redis.call('ZRANK', K_WAIT, id)
  local ahead = rank or count(K_WAIT)
  -- Only the waiters ahead that are due (told to ask by now) are owed a slot before this one: one
  -- told to come later does not leave a free slot idle until then.
  local due = 0
  if ahead > 0 and free > 0 then
    for _, other in ipairs(redis.call('ZRANGE', K_WAIT, 0, math.min(ahead, 256) - 1)) do
      local at = redis.call('ZSCORE', K_WAIT_LEASE, other)
      if at and tonumber(at) <= now then due = due + 1 end
      if due >= free then break end
    end
  end
  if due < free then
    if rank then
      redis.call('ZREM', K_WAIT, id)
      redis.call('ZREM', K_WAIT_LEASE, id)
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
    redis.call('ZADD', K_WAIT, redis.call('HINCRBY', K_STATE, 'ticket', 1), id)
  end
  redis.call('ZADD', K_WAIT_LEASE, now + wait, id)
  -- The reservation waits with its waiter: it lapses a lease after the time the waiter was told.
  extend(id, now + wait + lease)
  return 0, wait
end

-- Ends an attempt's slot (without a hold) and its reservation, and spends cost; a reservation that
-- lapsed was counted as spent at its whole envelope: only the difference is spent (or refunded).
local function finish(id, cost)
  redis.call('ZREM', K_SLOTS, id)
  local charged = cost
  local e = redis.call('HGET', K_ENV, id)
  if e then
    redis.call('HDEL', K_ENV, id)
    redis.call('ZREM', K_RESV, id)
    redis.call('HINCRBY', K_STATE, 'reserved', -tonumber(e))
  else
    local lapsed = redis.call('HGET', K_LAPSED_ENV, id)
    if lapsed then
      redis.call('HDEL', K_LAPSED_ENV, id)
      redis.call('ZREM', K_LAPSED, id)
      charged = charged - tonumber(lapsed)
    end
  end
  if charged ~= 0 then redis.call('HINCRBY', K_STATE, 'spent', charged) end
end
`;

/** A script: the prelude, the guard (unless `guarded` is false), then the body. */
const script = (body: string, guarded = true): string =>
  `${PRELUDE}\n${guarded ? "local lost = guard()\nif lost then return reply('lost', lost) end\n" : ''}${body.trim()}\n`;

/**
 * Admits an attempt: the budget's checks, then its reservation, then (when `rate` is given) a
 * slot, in one step. ARGV: id, envelope, maxCredits, dailyFloor, periodFloor, serviceNow, rate
 * ('' where absent), listening (1 or ''). Reply: `ok` slot(0/1) wait-ms; `budget` limit available; `late`.
 */
export const ADMIT = script(`
if late() then return reply('late') end
lapse()
local id, envelope = ARGV[7], ARGV[8]
if envelope ~= '' and redis.call('HEXISTS', K_ENV, id) == 0 then
  local e = tonumber(envelope)
  local st = redis.call('HMGET', K_STATE, 'spent', 'reserved', 'dr', 'drs', 'pr', 'prs')
  local reserved = tonumber(st[2] or '0')
  if ARGV[9] ~= '' then
    local available = tonumber(ARGV[9]) - tonumber(st[1] or '0') - reserved
    if e > available then return reply('budget', 'maxCredits', tostring(available)) end
  end
  -- A floor holds against the window's last report, stale from its reset on (the service's clock).
  local function short(floor, remaining, reset)
    if floor == '' or not remaining then return nil end
    if reset and tonumber(ARGV[12]) >= tonumber(reset) then return nil end
    local available = tonumber(remaining) - reserved - tonumber(floor)
    if e > available then return available end
    return nil
  end
  local a = short(ARGV[10], st[3], st[4])
  if a then return reply('budget', 'dailyFloor', tostring(a)) end
  a = short(ARGV[11], st[5], st[6])
  if a then return reply('budget', 'periodFloor', tostring(a)) end
  redis.call('ZADD', K_RESV, now + lease, id)
  redis.call('HSET', K_ENV, id, envelope)
  redis.call('HINCRBY', K_STATE, 'reserved', e)
end
local slot, wait = 0, 0
if ARGV[13] ~= '' then slot, wait = take(id, tonumber(ARGV[13]), ARGV[14] == '1') end
return reply('ok', slot, wait)
`);

/** Asks again for a slot (a waiter, at the time it was told). ARGV: id, rate, listening (1 or ''). Reply: `ok` slot wait-ms; `late`. */
export const SLOT = script(`
if late() then return reply('late') end
lapse()
extend(ARGV[7], now + lease)
local slot, wait = take(ARGV[7], tonumber(ARGV[8]), ARGV[9] == '1')
return reply('ok', slot, wait)
`);

/** Renews the leases of a process's attempts in flight (a waiter's reservation is never shortened). ARGV: ids. */
export const RENEW = script(`
lapse()
for i = 7, #ARGV do
  redis.call('ZADD', K_SLOTS, 'XX', now + lease, ARGV[i])
  extend(ARGV[i], now + lease)
end
return reply('ok')
`);

/**
 * Ends an attempt: its hold starts, its reservation ends, its cost is spent and its windows recorded
 * (an older window never replaces a newer one). After an anchored recovery, the service's remaining
 * credits raise the spend (less reservations in flight). ARGV: id, held(0/1), cost, the period's
 * limit, remaining, reset (ms), the daily window's ('' where absent), retry(0/1). A hold that
 * starts tells the first waiter not yet due by its end to ask then: a notice `<waiter> <ms>` on the
 * namespace's channel (layout.ts, `wakeChannel`).
 */
export const SETTLE = script(`
lapse()
local cost = nil
if ARGV[9] ~= '' then cost = tonumber(ARGV[9]) end
-- A settle tried again whose first try landed finds nothing of its attempt left: it changes nothing.
if ARGV[16] == '1' and not redis.call('HGET', K_ENV, ARGV[7]) and not redis.call('HGET', K_LAPSED_ENV, ARGV[7])
  and not redis.call('ZSCORE', K_SLOTS, ARGV[7]) then
  return reply('ok')
end
finish(ARGV[7], cost or 0)
-- The hold starts, even for a slot whose lease lapsed meanwhile: its request may have reached the service.
if ARGV[8] == '1' then
  local ends = now + window
  redis.call('ZADD', K_HELD, ends, ARGV[7])
  -- The first waiter in line not told to ask by the time this slot frees is told to ask then.
  for _, waiter in ipairs(redis.call('ZRANGE', K_WAIT, 0, 255)) do
    if waiter == PH then break end
    if tonumber(redis.call('ZSCORE', K_WAIT_LEASE, waiter) or '0') > ends then
      redis.call('ZADD', K_WAIT_LEASE, ends, waiter)
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
  record('p', ARGV[10], ARGV[11], ARGV[12])
  record('d', ARGV[13], ARGV[14], ARGV[15])
  local anchor = redis.call('HMGET', K_STATE, 'as', 'ar', 'ars', 'spent', 'reserved')
  if anchor[1] and ARGV[11] ~= '' and ARGV[12] == anchor[3] then
    local counted = tonumber(anchor[1]) + tonumber(anchor[2]) - tonumber(ARGV[11]) - tonumber(anchor[5] or '0')
    if counted > tonumber(anchor[4] or '0') then redis.call('HSET', K_STATE, 'spent', counted) end
  end
end
return reply('ok')
`);

/** Gives back an admission that sent nothing (an aborted wait, a timeout): no hold, no spend. ARGV: id. */
export const RELEASE = script(`
lapse()
finish(ARGV[7], 0)
redis.call('ZREM', K_WAIT, ARGV[7])
redis.call('ZREM', K_WAIT_LEASE, ARGV[7])
return reply('ok')
`);

/** Reads the ledger (lapsed leases applied). */
export const READ = script(`
lapse()
return reply('ok')
`);

/**
 * The shared plan rate (it lasts `ttl`, so that a plan change is seen); a higher one tells every
 * waiter to ask at once. ARGV: rate ('' to read), its ttl ms. Reply: `ok` rate.
 */
export const RATE = script(`
local r = redis.call('HMGET', K_STATE, 'rate', 'rate-until')
if ARGV[7] ~= '' then
  local before = tonumber(rateOf(r[1], r[2])) or 0
  redis.call('HSET', K_STATE, 'rate', ARGV[7], 'rate-until', now + tonumber(ARGV[8]))
  if tonumber(ARGV[7]) > before then notify('*', now) end
  r = redis.call('HMGET', K_STATE, 'rate', 'rate-until')
end
return reply('ok', rateOf(r[1], r[2]))
`);

/**
 * Takes the rotation lock (its holder's token and its end, in the state: it lapses a lease after
 * its last renewal). ARGV: token. Reply: `ok` 1, or `ok` 0 and the holder's remaining ms; `late`.
 */
export const LOCK = script(`
if late() then return reply('late') end
local l = redis.call('HMGET', K_STATE, 'lock', 'lock-until')
local left = tonumber(l[2] or '0') - now
if not l[1] or left <= 0 or l[1] == ARGV[7] then
  redis.call('HSET', K_STATE, 'lock', ARGV[7], 'lock-until', now + lease)
  return reply('ok', 1)
end
return reply('ok', 0, left)
`);

/** Renews the lock while its token holds it. ARGV: token. Reply: `ok` 1 (held) or 0 (lost). */
export const RELOCK = script(`
local l = redis.call('HMGET', K_STATE, 'lock', 'lock-until')
if l[1] == ARGV[7] and tonumber(l[2] or '0') > now then
  redis.call('HSET', K_STATE, 'lock-until', now + lease)
  return reply('ok', 1)
end
return reply('ok', 0)
`);

/** Releases the lock if its token still holds it (compare and delete). ARGV: token. */
export const UNLOCK = script(`
if redis.call('HGET', K_STATE, 'lock') == ARGV[7] then redis.call('HDEL', K_STATE, 'lock', 'lock-until') end
return reply('ok')
`);

/**
 * Publishes a rotation: its sealed answer under its field, the newest 64 kept, the generation
 * incremented. ARGV: field, sealed answer, key id of the secret, most rotations kept.
 */
export const PUBLISH = script(`
redis.call('HSET', K_ROT, ARGV[7], ARGV[8])
redis.call('ZADD', K_ROT_INDEX, now, ARGV[7])
keepNewest(K_ROT_INDEX, K_ROT, tonumber(ARGV[10]))
redis.call('HSET', K_STATE, 'kid', ARGV[9])
redis.call('HINCRBY', K_STATE, 'gen', 1)
return reply('ok')
`);

/** A published rotation. ARGV: field. Reply: `ok` sealed-answer key-id ('' where none). */
export const ROTATION_OF = script(`
return reply('ok', redis.call('HGET', K_ROT, ARGV[7]), redis.call('HGET', K_STATE, 'kid'))
`);

/**
 * The pending rotation (field `~pending` of the rotations). ARGV: op (`load`, `save`, `clear`),
 * sealed record, key id. Reply (load): `ok` sealed-record key-id.
 */
export const PENDING = script(`
if ARGV[7] == 'save' then
  redis.call('HSET', K_ROT, '~pending', ARGV[8])
  redis.call('HSET', K_STATE, 'kid', ARGV[9])
elseif ARGV[7] == 'clear' then
  redis.call('HDEL', K_ROT, '~pending')
end
return reply('ok', redis.call('HGET', K_ROT, '~pending'), redis.call('HGET', K_STATE, 'kid'))
`);

/**
 * Empties every key of the namespace and begins a fresh record (a fresh budget) that every process
 * of the cleared one adopts. No key is deleted on the way (each keeps its placeholder, the state its
 * new epoch), so a key is never missing, even for a moment. ARGV: the new epoch.
 */
export const CLEAR = script(
  `
local epoch = redis.call('HGET', K_STATE, 'epoch')
placeholders()
redis.call('HSET', K_STATE, 'epoch', ARGV[7])
if epoch then redis.call('HSET', K_STATE, 'from', epoch) end
for _, field in ipairs(redis.call('HKEYS', K_STATE)) do
  if field ~= 'epoch' and (field ~= 'from' or not epoch) then redis.call('HDEL', K_STATE, field) end
end
for _, key in ipairs({ K_SLOTS, K_HELD, K_RESV, K_LAPSED, K_ROT_INDEX, K_WAIT, K_WAIT_LEASE }) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', '(+inf')
end
for _, key in ipairs({ K_ENV, K_LAPSED_ENV, K_ROT }) do
  for _, field in ipairs(redis.call('HKEYS', key)) do
    if field ~= PH then redis.call('HDEL', key, field) end
  end
end
return reply('ok')
`,
  false,
);

/**
 * Rebuilds a lost record from what the recovering process last knew (docs/scaling.md, "Lost
 * state"). One already rebuilt from the same epoch is adopted (raised to this spend if higher); one
 * begun afresh keeps its spend plus the known one. Orphaned reservations count as spent. With the
 * period window, the record is anchored (SETTLE then bounds the spend from below). ARGV: old epoch,
 * spend known (with unrecorded answers), spend at the windows' report, new epoch, period limit,
 * remaining, reset, daily limit, remaining, reset ('' where absent).
 */
export const RECOVER = script(
  `
local old, known = ARGV[7], tonumber(ARGV[8])
if old == '' then return reply('ok') end
placeholders()
local st = redis.call('HMGET', K_STATE, 'epoch', 'from', 'base', 'reserved')
local held = 0
for i, v in ipairs(redis.call('HGETALL', K_ENV)) do
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
  if not st[1] then redis.call('HSET', K_STATE, 'epoch', ARGV[10]) end
  redis.call('HSET', K_STATE, 'from', old, 'base', known)
end
local function restore(p, limit, remaining, reset)
  if remaining == '' or redis.call('HEXISTS', K_STATE, p .. 'r') == 1 then return end
  redis.call('HSET', K_STATE, p .. 'r', remaining)
  if limit ~= '' then redis.call('HSET', K_STATE, p .. 'l', limit) end
  if reset ~= '' then redis.call('HSET', K_STATE, p .. 'rs', reset) end
end
restore('p', ARGV[11], ARGV[12], ARGV[13])
restore('d', ARGV[14], ARGV[15], ARGV[16])
if ARGV[12] ~= '' and ARGV[13] ~= '' then
  redis.call('HSET', K_STATE, 'as', ARGV[9], 'ar', ARGV[12], 'ars', ARGV[13])
end
return reply('ok')
`,
  false,
);
