/**
 * What an answer becomes: its metadata read from its head (`received.ts`, parsed when first asked for), the error it carries
 * (`error.ts`: the class of its code, else of its status), and the promise every call returns (`api-promise.ts`).
 */
export { Answer, AnswerHead, buildMeta } from './received';
export { errorFromAnswer } from './error';
export { APIPromise } from './api-promise';
