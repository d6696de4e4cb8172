/**
 * What the documented-commands suite puts in place of what only a reader has: the packed tarball in
 * place of the package on the registry, a standalone mock in place of the service, its key in place
 * of a key placeholder, a free port in place of a fixed one. Nothing else of a command changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../examples/run-example';

export const PACKAGE = 'sports-odds-data';

/** The packages the package names: its dependencies and its (optional) peers, all on the registry. */
const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const NAMED = new Set([...Object.keys(dependencies), ...Object.keys(peerDependencies)]);

/** A package spec's name: `@scope/name@1` -> `@scope/name`. */
const nameOf = (spec: string): string => spec.replace(/^(@?[^@]+)@.*$/, '$1');

/** The package by name (or `name@version`) becomes the tarball; every other word stays. */
export const withTarball = (word: string, tarball: string): string => (nameOf(word) === PACKAGE ? tarball : word);

/** `--package=sports-odds-data`, `--package sports-odds-data`, `-p sports-odds-data` name the tarball instead. */
export function npxWithTarball(args: readonly string[], tarball: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = /^--package=(.*)$/.exec(arg);
    if (eq) out.push(`--package=${withTarball(eq[1] as string, tarball)}`);
    else if ((arg === '--package' || arg === '-p') && i + 1 < args.length) out.push(arg, withTarball(args[++i] as string, tarball));
    else out.push(arg);
  }
  return out;
}

/** An `npx` command line read as npx reads it: its options, the packages it asks for, the command and its arguments. */
export interface NpxCall {
  packages: string[];
  command: string;
  args: string[];
}

/**
 * Reads the arguments of `npx` (after the word `npx`).
 *
 * @example
 * parseNpx(['-y', '--package=sports-odds-data', 'sports-odds-mcp', '--mock']); // { packages: ['sports-odds-data'], command: 'sports-odds-mcp', args: ['--mock'] }
 */
export function parseNpx(args: readonly string[]): NpxCall {
  const packages: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      i++;
      break;
    }
    const eq = /^--package=(.*)$/.exec(arg);
    if (eq) packages.push(eq[1] as string);
    else if (arg === '--package' || arg === '-p') packages.push(args[++i] ?? '');
    else if (arg === '-c' || arg === '--call') i++;
    else if (!arg.startsWith('-')) break;
  }
  return { packages, command: args[i] ?? '', args: args.slice(i + 1) };
}

/**
 * Why an `npx` call must not be run, if it must not: it would fetch from the registry a package
 * that is neither this package (the tarball) nor one this package names (its dependencies and
 * peers). Without `--package`, npx runs the bin of the folder's own `node_modules`, else fetches
 * the package named like the command: `npx -y sports-odds-mcp` from an empty folder runs whatever
 * the registry holds under that name, with the environment it is given.
 */
export function npxProblem(call: NpxCall, cwd: string, tarball: string): string | undefined {
  if (call.packages.length === 0) {
    if (existsSync(join(cwd, 'node_modules', '.bin', call.command))) return undefined;
    return (
      `npx asks the registry for a package named \`${call.command}\`, which this project does not publish ` +
      `(the bin \`${call.command}\` is in \`${PACKAGE}\`): run from a folder without ${PACKAGE} installed, as a client ` +
      `starts it, it runs whatever is registered under that name, with the environment given to it. Name the package ` +
      `(\`npx -y --package=${PACKAGE} ... ${call.command}\`), or run the installed bin by its path. Not run.`
    );
  }
  const foreign = call.packages.filter((spec) => spec !== tarball && !NAMED.has(nameOf(spec)));
  if (foreign.length === 0) return undefined;
  return `npx would fetch ${foreign.map((s) => `\`${s}\``).join(', ')} from the registry: neither ${PACKAGE} nor a package it depends on. Not run.`;
}

/** A standalone mock standing in for the service. */
export interface Service {
  url: string;
  apiKey: string;
}

/**
 * A value with the service's placeholders filled: the documents' `https://api.example.com` becomes
 * the mock's URL, and a key placeholder (`svc_live_...`, VS Code's `${input:...}`) the mock's key.
 */
export function withService(value: string, service: Service): string {
  if (/^svc_live_\.\.\.$|^\$\{input:[^}]+\}$/.test(value)) return service.apiKey;
  return value.replace(/https:\/\/api\.example\.com/g, service.url);
}

/** A server's fixed port made a free one: `--port 4010` -> `--port 0` (and `--port` added when it is left out). */
export function freePort(args: readonly string[]): string[] {
  const at = args.indexOf('--port');
  if (at < 0) return [...args, '--port', '0'];
  return args.map((arg, i) => (i === at + 1 ? '0' : arg));
}

/** The documents' fixed address of a mock (`127.0.0.1:4010`) made the address of the one running. */
export const atAddress = (value: string, url: string): string => value.replace(/https?:\/\/(127\.0\.0\.1|localhost):4010/g, url);
