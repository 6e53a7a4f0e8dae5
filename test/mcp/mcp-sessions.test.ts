// The MCP client's self-declared name and version become a line in the audit log and the admin's
// history: they are cleaned of control and format characters and cut, whether they come from
// `initialize` or back from a session id.
import { expect } from 'chai';
import { clientOf, newSessionId, readSessionId } from '../../server/src/mcp/mcp-sessions.js';

describe('MCP sessions: the client as a person reads it', () => {
  it('drops newlines, bidi overrides and zero-width characters from the name and version', () => {
    expect(clientOf({ name: 'Claude\n by admin (user)', version: '1.2\u202e3' })).to.deep.equal({ clientName: 'Claude by admin (user)', clientVersion: '1.23' });
    expect(clientOf({ name: '\u200b\u200d', version: ' ' })).to.deep.equal({ clientName: 'an MCP client', clientVersion: null });
    expect(clientOf(null)).to.deep.equal({ clientName: 'an MCP client', clientVersion: null });
  });

  it('cuts a long name to 200 characters and reads a session id back to the same client', () => {
    const client = clientOf({ name: 'x'.repeat(500), version: '9' });
    expect(client.clientName).to.have.length(200);
    const id = newSessionId({ ...client, actorKey: 'ApiClient:1' });
    expect(readSessionId(id)).to.deep.equal({ ...client, actorKey: 'ApiClient:1' });
  });

  it('cleans a name carried in a crafted session id the same way, and refuses ids it did not issue', () => {
    const crafted = Buffer.from(JSON.stringify({ n: 'a', c: 'Bot\r\nforged line', v: null, a: 'User:1' })).toString('base64url');
    expect(readSessionId(crafted)).to.deep.equal({ clientName: 'Botforged line', clientVersion: null, actorKey: 'User:1' });
    expect(readSessionId('not a session id')).to.equal(null);
    expect(readSessionId(Buffer.from('[1]').toString('base64url'))).to.equal(null);
    expect(readSessionId(undefined)).to.equal(null);
  });
});
