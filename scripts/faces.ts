/**
 * The faces of the rooms of src/core/ and mocks/service/data/ (CONTRIBUTING.md, "The floor plan"): a folder's `index.ts` is its
 * face, and what lies outside a room imports the room through it. What loads on demand (a module named in an `import()`), and
 * what such a module reaches through its value imports, imports the files it needs instead: a face would load its whole room
 * into that module's chunk. So a module that code loaded on demand reaches, and that its face does not export for its values,
 * is imported by its path. Usage: `node scripts/run-ts.mjs scripts/faces.ts` lists every import around a face.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { foldersUnder, type Import, importGraph } from './floors';

/**
 * The folders whose rooms have faces: each paragraph of the floor plan that opens ``Inside `folder/` `` and calls an `index.ts`
 * a face. Throws when there is none, so that a test reading it cannot pass on reworded text.
 */
export function facedFolders(markdown: string): string[] {
  const folders: string[] = [];
  for (const [, folder, text] of markdown.matchAll(/^Inside `([^`]+)\/`(.*(?:\n.+)*)/gm))
    if (folder !== undefined && /`index\.ts` is [^.]*face/.test(text ?? '')) folders.push(folder);
  if (folders.length === 0) throw new Error('no paragraph "Inside `folder/`" of the floor plan names a face');
  return folders;
}

/** The rooms with a face: every folder under a faced folder, and the faced folder itself (seen from outside it) when it has an `index.ts`. */
export function roomsWithFaces(graph: ReadonlyMap<string, readonly Import[]>, faced: readonly string[]): string[] {
  return faced.flatMap((top) => foldersUnder(graph, top).filter((folder) => folder !== top || graph.has(`${top}/index.ts`)));
}

/** What loads on demand: the rooms' modules named in an `import()`, and every module those reach through value imports (what their chunks hold). */
export interface OnDemand {
  readonly named: ReadonlySet<string>;
  readonly reached: ReadonlySet<string>;
}

/**
 * What of `rooms` loads on demand, read from the `import()`s of `graph`: nothing is listed by hand. An entry loaded on demand (the
 * MCP bin's server, the mock for its --mock) is a chunk of its own, not a module of a room: it imports rooms through their faces.
 */
export function onDemand(graph: ReadonlyMap<string, readonly Import[]>, rooms: readonly string[]): OnDemand {
  const named = new Set<string>();
  const inRoom = (file: string) => rooms.some((room) => file.startsWith(`${room}/`));
  for (const imports of graph.values())
    for (const { target, dynamic } of imports)
      if (dynamic && target !== undefined && graph.has(target) && inRoom(target)) named.add(target);
  const reached = new Set<string>();
  const visit = (file: string) => {
    for (const { target, typeOnly, dynamic } of graph.get(file) ?? []) {
      if (typeOnly || dynamic || target === undefined || !graph.has(target) || reached.has(target)) continue;
      reached.add(target);
      visit(target);
    }
  };
  for (const file of named) visit(file);
  return { named, reached };
}

/**
 * Every import that goes around a room's face, as `file -> module ('spec'): import it through its room's face, <room>/index.ts`;
 * a room with no `index.ts`; a face that exports a module loaded on demand. An import may name a file of another room when its
 * importer loads on demand or is reached by what does, or when its module is reached on demand and its face does not export it.
 */
export function aroundFaces(graph: ReadonlyMap<string, readonly Import[]>, faced: readonly string[]): string[] {
  // Outermost first: an import into a room inside another crosses the outer one first.
  const rooms = roomsWithFaces(graph, faced).sort((a, b) => a.length - b.length);
  const { named, reached } = onDemand(graph, rooms);
  const loadsOnDemand = (file: string) => named.has(file) || reached.has(file);
  const exportsValuesOf = (face: string, file: string) =>
    (graph.get(face) ?? []).some(({ target, typeOnly, dynamic }) => target === file && !typeOnly && !dynamic);
  const around: string[] = rooms.filter((room) => !graph.has(`${room}/index.ts`)).map((room) => `${room}/: a room with no face (index.ts)`);
  for (const [file, imports] of graph) {
    for (const { spec, target } of imports) {
      if (target === undefined) continue;
      const room = rooms.find((r) => target.startsWith(`${r}/`) && !file.startsWith(`${r}/`));
      if (room === undefined || loadsOnDemand(file)) continue;
      const face = `${room}/index.ts`;
      if (target === face || (loadsOnDemand(target) && !exportsValuesOf(face, target))) continue;
      around.push(`${file} -> ${target} ('${spec}'): import it through its room's face, ${face}`);
    }
  }
  for (const room of rooms) {
    const face = `${room}/index.ts`;
    for (const { target, typeOnly, dynamic } of graph.get(face) ?? [])
      if (target !== undefined && named.has(target) && !typeOnly && !dynamic)
        around.push(`${face} -> ${target}: it loads on demand, so no face exports it`);
  }
  return around;
}

if (process.argv[1]?.endsWith('faces.ts')) {
  const root = resolve(dirname(process.argv[1]), '..');
  const around = aroundFaces(importGraph(root), facedFolders(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')));
  console.log(around.length === 0 ? 'every room imported through its face' : `imports around a face:\n  ${around.join('\n  ')}`);
}
