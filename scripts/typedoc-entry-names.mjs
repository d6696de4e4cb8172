// @ts-check
// A TypeDoc plugin: names each entry point's module by the import path a user writes
// (`sports-odds-data/mocks`) rather than by its folder in this repository (`mocks`). The map follows
// package.json's "exports" and the source files tsup.config.ts builds them from.
import { relative } from 'node:path';
import { Converter, ReflectionKind } from 'typedoc';

/** @type {Record<string, string>} source file -> import path */
export const ENTRY_NAMES = {
  'src/index.ts': 'sports-odds-data',
  'src/schemas/public.ts': 'sports-odds-data/schemas',
  'src/odds/index.ts': 'sports-odds-data/odds',
  'src/node/index.ts': 'sports-odds-data/node',
  'src/redis/index.ts': 'sports-odds-data/redis',
  'mocks/index.ts': 'sports-odds-data/mocks',
  'mocks/server/node.ts': 'sports-odds-data/mocks/node',
  'src/mcp/index.ts': 'sports-odds-data/mcp',
};

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const name = file === undefined ? undefined : ENTRY_NAMES[relative(process.cwd(), file).split('\\').join('/')];
    if (name === undefined)
      return app.logger.warn(`no import path known for the entry point ${file ?? reflection.name}: add it to ENTRY_NAMES`);
    reflection.name = name;
  });
}
