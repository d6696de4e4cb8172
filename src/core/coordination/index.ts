/**
 * The account's state in this process: the credit ledger and budget (`budget.ts`), client-side pacing (`pacer.ts`), the service's
 * clock as answers tell it (`service-clock.ts`), the memory coordinator and its rotation store. The plan's rate
 * (`plan-rate.ts`) loads on demand with `requestsPerSecond: 'account'`: import it by its path, never from here.
 */
export { MemoryCoordinator, memoryCoordinator, type MemoryCoordinatorOptions } from './memory-coordinator';
export { MemoryRotationStore } from './memory-rotation-store';
export { ServiceClock } from './service-clock';
export type { AccountRateTools, PlanRate } from './plan-rate';
