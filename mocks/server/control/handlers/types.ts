import type { MockService } from '../../../service/mock-service';
import type { AnswerBody, DecodedCall } from '../define';
import type { ControlOperations, OperationId } from '../operations';

/** What runs an operation: the mock and the decoded call in, the JSON body of its success out. */
export type Handler<Id extends OperationId> = (
  mock: MockService,
  call: DecodedCall<ControlOperations[Id]>,
) => AnswerBody<ControlOperations[Id]> | Promise<AnswerBody<ControlOperations[Id]>>;

/** A handler for every operation of the table: one missing, or of the wrong shape, is a compile error. */
export type Handlers = { [Id in OperationId]: Handler<Id> };
