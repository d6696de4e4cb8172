/**
 * A worker process that takes a pacing slot and a reservation, says so, and then hangs in its
 * "call" until it is killed: `node scripts/run-ts.mjs test/coordinator/children/hold-slot.ts <url> <namespace> <leaseMs> <envelope>`.
 */
import { Redis } from 'ioredis';
import { redisCoordinator } from '../../../src/redis';

const [url = '', namespace = '', leaseMs = '10000', envelope = '1'] = process.argv.slice(2);
const coordinator = redisCoordinator({ redis: new Redis(url), namespace, leaseMs: Number(leaseMs) });
await coordinator.admit({ envelope: Number(envelope), budget: {}, serviceNow: Date.now, rate: 1 });
process.stdout.write('admitted\n');
// The call in flight: its lease is renewed until the process dies.
setInterval(() => undefined, 60_000);
