/**
 * `sports-odds-data/mcp`: the service as MCP tools for agents, within a credit budget
 * (docs/mcp.md). Needs the optional peers `@modelcontextprotocol/sdk` and `gpt-tokenizer`.
 * @packageDocumentation
 */
export { createMcpServer } from './server';
export { MCP_DEFAULTS, type McpServerOptions } from './options';
export { LEFT_OUT } from './route-tools';
export { WORST_CASE_META, type Toolset } from './tool';
