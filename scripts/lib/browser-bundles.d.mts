/** The `define` entries of the browser programs of the mock server: global name -> its code as a JSON string literal. */
export function browserBundleDefines(): Record<string, string>;
