import { describe, expect, it } from 'vitest';
import { generatedDocuments, TABLES } from '../../scripts/docs-tables';
import { firstSentence } from '../../scripts/tables/method-table';
import { blockContent, withBlock } from '../../scripts/tables/markdown';
import { sentencesOf } from '../../scripts/tables/mcp-tools';

describe('the generated tables of the docs', () => {
  it('are what the route table and the SDK generate (run `npm run docs:tables` after changing a route, a method or its JSDoc)', async () => {
    const documents = await generatedDocuments();
    const stale = documents.flatMap((doc) => doc.stale.map((block) => `${doc.file} (${block})`));
    expect(stale, `out of date: ${stale.join(', ')}: run \`npm run docs:tables\``).toEqual([]);
    const unknown = documents.flatMap((doc) => doc.unknown.map((block) => `${doc.file} (${block})`));
    expect(unknown, 'blocks no generator makes').toEqual([]);
  });

  it('each live between their markers, once, with a table in every one', async () => {
    for (const { file, block, render } of TABLES) expect(await render(), `${file} (${block})`).toMatch(/^\| .+ \|\n\| --- \|/m);
    const text = 'a\n<!-- generated: x (npm run docs:tables) -->\nold\n<!-- /generated -->\nb\n';
    expect(withBlock(text, 'x', 'new')).toBe('a\n<!-- generated: x (npm run docs:tables) -->\nnew\n<!-- /generated -->\nb\n');
    expect(blockContent(text, 'x')).toBe('old');
    expect(() => withBlock(text, 'y', 'new')).toThrow(/no single block/);
    expect(() => withBlock(`${text}${text}`, 'x', 'new')).toThrow(/no single block/);
  });

  it('show a method by the first sentence of its JSDoc, not cut inside code or parentheses', () => {
    expect(firstSentence('Revokes a key (by id. or record). Then more.')).toBe('Revokes a key (by id. or record).');
    expect(firstSentence('Uses `a. b` first. Then.')).toBe('Uses `a. b` first.');
    expect(firstSentence('One line\ncontinued. Next.\n\nAnother paragraph.')).toBe('One line continued.');
  });

  it("split an MCP tool's description into sentences, not inside parentheses", () => {
    expect(sentencesOf('Best price (open, or closed: past it. Still). Worst case 25 credits. Here at most 1 page a call.')).toEqual([
      'Best price (open, or closed: past it. Still).',
      'Worst case 25 credits.',
      'Here at most 1 page a call.',
    ]);
    expect(sentencesOf('Free. No stop at the end')).toEqual(['Free.', 'No stop at the end']);
  });
});
