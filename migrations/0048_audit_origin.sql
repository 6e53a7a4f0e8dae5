-- How a change reached the API when not by a plain HTTP call: {"channel": "Mcp", "clientName", "clientVersion"}
-- for a tool call through the MCP server (server/src/mcp/), null otherwise. A nullable column without a
-- default: adding it rewrites nothing, and every entry written before stays a plain call.
ALTER TABLE audit_log ADD COLUMN origin jsonb;
