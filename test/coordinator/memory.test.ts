import { describe } from 'vitest';
import { MemoryCoordinator } from '../../src/core/coordination/memory-coordinator';
import { coordinatorContract } from './contract';

describe('the coordinator contract, in memory (one MemoryCoordinator shared by every handle)', () => {
  coordinatorContract({
    handles: async (n) => {
      const shared = new MemoryCoordinator();
      return Array.from({ length: n }, () => shared);
    },
    windowMs: 1000,
  });
});
