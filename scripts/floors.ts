/**
 * The dependency drawing of src/ and mocks/: every module with what it imports, and for each folder
 * its rooms (its files and its sub-folders, each taken whole) on floors. A room's floor is one above
 * the highest room of the same folder it imports; an import between rooms that import each other
 * (a circle of rooms) is an arrow that runs back up. Usage: `node scripts/run-ts.mjs scripts/floors.ts [folder]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * One import of a module: the specifier as written, the module it resolves to (relative ones), type-only or not (`import type`,
 * `typeof import('…')`), and whether it loads on demand (`import('…')`).
 */
export interface Import {
  readonly spec: string;
  readonly target: string | undefined;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|(typeof\s+)?import\('([^']+)'\)/g;

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tsFiles(path, out);
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * Every module under `folders` (relative to `root`) with its imports; relative imports resolved to
 * the repository-relative file they load.
 */
export function importGraph(root: string, folders: readonly string[] = ['src', 'mocks']): Map<string, Import[]> {
  const files = new Set(folders.flatMap((f) => tsFiles(join(root, f))).map((f) => relative(root, f)));
  const graph = new Map<string, Import[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const imports: Import[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[3] ?? m[5]) as string;
      let target: string | undefined;
      if (spec.startsWith('.')) {
        const base = relative(root, resolve(dirname(join(root, file)), spec));
        target = [base, `${base}.ts`, join(base, 'index.ts')].find((c) => files.has(c)) ?? base;
      }
      imports.push({ spec, target, typeOnly: m[2] !== undefined || m[4] !== undefined, dynamic: m[5] !== undefined && m[4] === undefined });
    }
    graph.set(file, imports);
  }
  return graph;
}

/** The room of `folder` a file lies in: its own name, or the sub-folder holding it (`pipeline/`). */
export function roomOf(folder: string, file: string): string | undefined {
  if (!file.startsWith(`${folder}/`)) return undefined;
  const rest = file.slice(folder.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : `${rest.slice(0, slash)}/`;
}

/** An arrow between two rooms of a folder, with the imports that draw it. */
export interface Arrow {
  readonly from: string;
  readonly to: string;
  readonly imports: readonly string[];
  /** Every import of the arrow is `import type`. */
  readonly typeOnly: boolean;
}

/** The rooms of a folder on their floors (0 = imports no other room), and the arrows that run back up. */
export interface Floors {
  readonly folder: string;
  readonly floors: ReadonlyMap<string, number>;
  readonly arrows: readonly Arrow[];
  /** The arrows that close a circle of rooms. */
  readonly backUp: readonly Arrow[];
}

/** The folders of the drawing: `top` and every folder under it that holds modules. */
export function foldersUnder(graph: ReadonlyMap<string, unknown>, top: string): string[] {
  const folders = new Set<string>();
  for (const file of graph.keys()) {
    if (!file.startsWith(`${top}/`)) continue;
    for (let dir = dirname(file); dir.length >= top.length; dir = dirname(dir)) folders.add(dir);
  }
  return [...folders].sort();
}

/** Circles of rooms: each room's strongly connected component (Tarjan), numbered bottom first. */
function componentsOf(rooms: ReadonlySet<string>, arrows: readonly Arrow[]): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const { from, to } of arrows) out.set(from, [...(out.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    for (const to of out.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room) as number, low.get(to) as number));
      } else if (!component.has(to)) low.set(room, Math.min(low.get(room) as number, index.get(to) as number));
    }
    if (low.get(room) === index.get(room)) {
      for (let top = stack.pop(); top !== undefined; top = top === room ? undefined : stack.pop()) component.set(top, components);
      components += 1;
    }
  };
  for (const room of rooms) if (!index.has(room)) visit(room);
  return component;
}

/**
 * The floors of one folder's rooms, from the imports between them. In a circle of rooms, its
 * type-only arrows run back up when the value imports alone draw no circle; otherwise every arrow
 * of the circle does.
 */
export function floorsOf(graph: ReadonlyMap<string, readonly Import[]>, folder: string): Floors {
  const edges = new Map<string, { imports: string[]; typeOnly: boolean }>();
  const rooms = new Set<string>();
  for (const [file, imports] of graph) {
    const from = roomOf(folder, file);
    if (from === undefined) continue;
    rooms.add(from);
    for (const i of imports) {
      const to = i.target === undefined ? undefined : roomOf(folder, i.target);
      if (to === undefined || to === from) continue;
      const edge = edges.get(`${from}\0${to}`) ?? { imports: [], typeOnly: true };
      edge.imports.push(`${file} -> ${i.target}`);
      edge.typeOnly &&= i.typeOnly;
      edges.set(`${from}\0${to}`, edge);
    }
  }
  const arrows = [...edges].map(([key, { imports, typeOnly }]) => {
    const [from, to] = key.split('\0') as [string, string];
    return { from, to, imports, typeOnly };
  });
  const circle = componentsOf(rooms, arrows);
  const valueCircle = componentsOf(
    rooms,
    arrows.filter((a) => !a.typeOnly),
  );
  const backUp = arrows.filter(
    (a) => circle.get(a.from) === circle.get(a.to) && (a.typeOnly || valueCircle.get(a.from) === valueCircle.get(a.to)),
  );
  // Floors over what is left, its circles taken whole (components come out of Tarjan bottom first).
  const rest = arrows.filter((a) => !backUp.includes(a));
  const component = componentsOf(rooms, rest);
  const floorOf = new Map<number, number>();
  for (const c of [...new Set(component.values())].sort((x, y) => x - y)) {
    let floor = 0;
    for (const a of rest) {
      const other = component.get(a.to) as number;
      if (component.get(a.from) === c && other !== c) floor = Math.max(floor, (floorOf.get(other) as number) + 1);
    }
    floorOf.set(c, floor);
  }
  const floors = new Map([...rooms].sort().map((room) => [room, floorOf.get(component.get(room) as number) as number]));
  return { folder, floors, arrows, backUp };
}

/** Import cycles between modules, each as `a -> b -> a`. */
export function cyclesOf(graph: ReadonlyMap<string, readonly Import[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const { target } of graph.get(file) ?? []) {
      if (target === undefined || !graph.has(target)) continue;
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target].join(' -> '));
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** One row of the floor plan's table (CONTRIBUTING.md, "The floor plan"): the folders and files it holds, and what they may import. */
export interface Allowance {
  /** Folders (ending in `/`) and files of the row. */
  readonly holds: readonly string[];
  /** What they may import besides each other: folders, files, packages, `node:` for Node's built-ins. */
  readonly mayImport: readonly string[];
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Whether an import loads a Node built-in (`node:fs`, `fs`, `fs/promises`). */
export const isNodeBuiltin = (spec: string): boolean => spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0] as string);

/** The names in backticks of a table cell. */
const named = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

/**
 * The rows of the floor plan's table: the first table of `markdown` whose header is `| folder | what it holds | may import |`.
 * Throws when there is none, so that the test reading it cannot pass on a renamed table.
 */
export function allowancesOf(markdown: string): Allowance[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*folder\s*\|\s*what it holds\s*\|\s*may import\s*\|$/.test(line.trim()));
  if (header === -1) throw new Error('no table "| folder | what it holds | may import |" in the floor plan');
  const rows: Allowance[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1);
    if (cells.length !== 3) throw new Error(`a row of the floor plan has ${cells.length} cells, not 3: ${line}`);
    rows.push({ holds: named(cells[0] as string), mayImport: named(cells[2] as string) });
  }
  return rows;
}

/** Whether a folder (`src/core/`) or file (`src/index.ts`) of the plan holds `file`. */
const covers = (place: string, file: string): boolean => (place.endsWith('/') ? file.startsWith(place) : file === place);

/** The row that holds a file: the one naming its nearest folder (or the file itself). */
function rowOf(allowances: readonly Allowance[], file: string): Allowance | undefined {
  let best: Allowance | undefined;
  let length = -1;
  for (const row of allowances) {
    for (const place of row.holds) {
      if (covers(place, file) && place.length > length) {
        best = row;
        length = place.length;
      }
    }
  }
  return best;
}

/** What an import names in the plan's terms: the file it resolves to, `node:` for a Node built-in, else its package. */
function importedName({ spec, target }: Import): string {
  if (target !== undefined) return target;
  if (isNodeBuiltin(spec)) return 'node:';
  return spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * The imports outside the floor plan's allowances, each as `file -> import: <row> may import <list>`; a file that no row
 * holds as `file: no row of the floor plan holds it`.
 */
export function outsideAllowances(graph: ReadonlyMap<string, readonly Import[]>, allowances: readonly Allowance[]): string[] {
  const outside: string[] = [];
  for (const [file, imports] of graph) {
    const row = rowOf(allowances, file);
    if (row === undefined) {
      outside.push(`${file}: no row of the floor plan holds it`);
      continue;
    }
    for (const i of imports) {
      const name = importedName(i);
      const own = i.target !== undefined && rowOf(allowances, i.target) === row;
      if (own || row.mayImport.some((place) => (i.target === undefined ? place === name : covers(place, name)))) continue;
      outside.push(`${file} -> ${name}: ${row.holds.join(', ')} may import ${row.mayImport.join(', ') || 'nothing outside itself'}`);
    }
  }
  return outside;
}

/** The drawing as text: per folder, its floors top down, and the arrows that run back up. */
export function drawing(graph: ReadonlyMap<string, readonly Import[]>, tops: readonly string[]): string {
  const lines: string[] = [];
  for (const folder of tops.flatMap((top) => foldersUnder(graph, top))) {
    const { floors, backUp } = floorsOf(graph, folder);
    if (floors.size < 2) continue;
    lines.push(`${folder}/`);
    const highest = Math.max(...floors.values());
    for (let floor = highest; floor >= 0; floor -= 1) {
      const rooms = [...floors].filter(([, f]) => f === floor).map(([room]) => room);
      if (rooms.length > 0) lines.push(`  ${floor}: ${rooms.join(' ')}`);
    }
    for (const arrow of backUp) lines.push(`  back up: ${arrow.from} -> ${arrow.to} (${arrow.imports.join(', ')})`);
  }
  const cycles = cyclesOf(graph);
  lines.push(cycles.length === 0 ? 'no import cycle' : `import cycles:\n  ${cycles.join('\n  ')}`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('floors.ts')) {
  const root = resolve(dirname(process.argv[1]), '..');
  const tops = process.argv.slice(2);
  const graph = importGraph(root);
  console.log(drawing(graph, tops.length > 0 ? tops : ['src', 'mocks']));
  const outside = outsideAllowances(graph, allowancesOf(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')));
  console.log(outside.length === 0 ? 'every import within the floor plan' : `imports outside the floor plan:\n  ${outside.join('\n  ')}`);
}
