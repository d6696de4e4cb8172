import { describe, expect, it } from 'vitest';
import { transcriptDocument } from '../../scripts/mcp-transcript';

describe('the recorded MCP session of docs/mcp.md', () => {
  it('is what a session against the mock of a fixed now and seed records (run `npm run docs:mcp` after changing a tool)', async () => {
    const { committed, generated } = await transcriptDocument();
    expect(committed === generated, 'docs/mcp.md: the transcript is out of date: run `npm run docs:mcp`').toBe(true);
  });
});
