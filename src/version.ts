/** The version of this package (kept equal to package.json's by a test and the release script). */
export const VERSION = '0.0.0';
