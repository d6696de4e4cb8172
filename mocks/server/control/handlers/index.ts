import { accountHandlers } from './accounts';
import { faultHandlers } from './faults';
import { requestHandlers } from './requests';
import { serviceHandlers } from './service';
import { testingHandlers } from './testing';
import type { Handlers } from './types';

/** The handler of every operation of the control plane's table, by operation id. */
export const controlHandlers: Handlers = {
  ...serviceHandlers,
  ...accountHandlers,
  ...requestHandlers,
  ...faultHandlers,
  ...testingHandlers,
};
