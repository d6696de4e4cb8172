// Types of readme-links.mjs, for the tests that import it.

/** Where a published version's files are served: `https://cdn.jsdelivr.net/npm/<name>@<version>/`. */
export declare function cdnBase(name: string, version: string): string;
/** The README with every relative link made absolute under `base` (anchors and URLs kept). */
export declare function absoluteLinks(markdown: string, base: string): string;
/** Every link target of a Markdown text, outside code. */
export declare function linkTargets(markdown: string): string[];
/** The anchor a heading gets on GitHub and npm. */
export declare function headingAnchor(heading: string): string;
/** What is wrong with the links of a packed README, given the tarball's files. */
export declare function packedLinkProblems(markdown: string, files: readonly string[], base: string): string[];
