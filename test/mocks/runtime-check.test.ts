import { describe, expect, it } from 'vitest';
import { unsupportedRuntime } from '../../mocks/service/runtime-check';

describe('the mock refuses a Node.js older than the package supports, naming the version it needs', () => {
  it.each(['20.20.2', '22.11.0', '18.0.0'])('Node %s is refused with the needed version', (node) => {
    expect(unsupportedRuntime({ process: { versions: { node } } })).toMatch(
      new RegExp(`needs Node.js >= 22.12, and this is Node.js ${node.replaceAll('.', '\\.')}`),
    );
  });

  it.each(['22.12.0', '22.20.1', '24.21.0', '26.0.0'])('Node %s is accepted', (node) => {
    expect(unsupportedRuntime({ process: { versions: { node } } })).toBeUndefined();
  });

  it('does not judge Bun, Deno, browsers or workers by the Node version their compatibility layer reports', () => {
    expect(unsupportedRuntime({ process: { versions: { node: '18.0.0' } }, Bun: {} })).toBeUndefined();
    expect(unsupportedRuntime({ process: { versions: { node: '18.0.0' } }, Deno: {} })).toBeUndefined();
    expect(unsupportedRuntime({})).toBeUndefined();
  });

  it('holds in this test run (Node 24)', () => {
    expect(unsupportedRuntime()).toBeUndefined();
  });
});
