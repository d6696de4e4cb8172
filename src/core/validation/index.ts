/**
 * Validation and encoding: answers parsed (`json.ts`) and validated, parameters encoded into a path and a query string
 * (`url.ts`), by closures built from the schemas (`fast-validators.ts`, `fast-encoders.ts`, and the generated
 * `row-checks.ts`), zod's own parse and encode where those give up (`zod-validate.ts`, `zod-encode.ts`), and the decode that reads
 * encoded parameters back as the service does (`zod-decode.ts`). Loaded on demand:
 * the issues in the SDK's words (`issue-report.ts`); the instants of parameters (`instants.ts`) are a leaf imported by its
 * path, as the modules loaded on demand reach it.
 */
export { parseJson } from './json';
export { validatorOf } from './fast-validators';
export { validateBody } from './zod-validate';
export { encoderOf } from './fast-encoders';
export { encodeParams } from './zod-encode';
export { decodeParams } from './zod-decode';
export { fillPath, queryString } from './url';
