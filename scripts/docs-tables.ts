/**
 * Generates the route tables of the docs from the route table (and, for the method table of docs/sdk.md, the
 * SDK's own source and JSDoc): `npm run docs:tables` writes each between its markers
 * (`<!-- generated: name ... -->` ... `<!-- /generated -->`), and a test keeps every committed table
 * as this generates it, naming each one that is out of date.
 */
import { readFileSync } from 'node:fs';
import { cacheDefaultsTable } from './tables/cache-table';
import { blockContent, blockNames, withBlock } from './tables/markdown';
import { mcpToolTable } from './tables/mcp-tools';
import { methodTable } from './tables/method-table';
import { addedEventTable, unknownIdTable } from './tables/mock-tables';
import { accountRoutesTable, credentialRoutesTable, dataRoutesTable } from './tables/service-tables';

/** A generated table: where it lives, its block's name, and how it is made. */
interface TableSource {
  file: string;
  block: string;
  render: () => string | Promise<string>;
}

/** Every generated table of the docs. */
export const TABLES: readonly TableSource[] = [
  { file: 'docs/sdk.md', block: 'methods', render: methodTable },
  { file: 'docs/service.md', block: 'data-routes', render: dataRoutesTable },
  { file: 'docs/service.md', block: 'account-routes', render: accountRoutesTable },
  { file: 'docs/service.md', block: 'credential-routes', render: credentialRoutesTable },
  { file: 'docs/testing.md', block: 'added-event-routes', render: addedEventTable },
  { file: 'docs/interpretations.md', block: 'unknown-ids', render: unknownIdTable },
  { file: 'docs/caching.md', block: 'cache-defaults', render: cacheDefaultsTable },
  { file: 'docs/mcp.md', block: 'mcp-tools', render: mcpToolTable },
];

/** A document as committed and as the generator makes it. */
export interface GeneratedDocument {
  file: string;
  committed: string;
  generated: string;
  /** Its blocks whose committed content is not what the generator makes. */
  stale: string[];
  /** Blocks of the document that no generator makes (a typo'd or removed name). */
  unknown: string[];
}

/** Every document with generated tables, as committed and as generated now. */
export async function generatedDocuments(): Promise<GeneratedDocument[]> {
  const files = [...new Set(TABLES.map((t) => t.file))];
  const documents: GeneratedDocument[] = [];
  for (const file of files) {
    const committed = readFileSync(file, 'utf8');
    const sources = TABLES.filter((t) => t.file === file);
    let generated = committed;
    const stale: string[] = [];
    for (const source of sources) {
      const content = await source.render();
      if (blockContent(committed, source.block) !== content.trimEnd()) stale.push(source.block);
      generated = withBlock(generated, source.block, content);
    }
    const unknown = blockNames(committed).filter((name) => !sources.some((s) => s.block === name));
    documents.push({ file, committed, generated, stale, unknown });
  }
  return documents;
}

if (process.argv[1]?.endsWith('docs-tables.ts')) {
  const { writeFileSync } = await import('node:fs');
  for (const doc of await generatedDocuments()) {
    if (doc.generated === doc.committed) continue;
    writeFileSync(doc.file, doc.generated);
    console.log(`wrote ${doc.file}: ${doc.stale.join(', ')}`);
  }
}
