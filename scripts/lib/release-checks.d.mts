// Types of release-checks.mjs, for the tests that import it.

/** Why the package cannot be published as `package.json` stands: one line each, saying how to mend it. */
export declare function publishBlockers(pkg: {
  repository?: string | { url?: string };
  bugs?: string | { url?: string; email?: string };
}): string[];
