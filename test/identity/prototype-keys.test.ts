// Issue #23, finding 9: a value from the request (a workspace id, an asset name) must never find
// something on Object.prototype. Workspace grants were a plain object, so `__proto__` or
// `constructor` "had" a grant and passed the access step (a 400 from validation instead of the 404
// an unknown workspace gets); `/swagger/assets/constructor` "was" an asset and ended in a 500.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** What an answer says, without what differs on every request. */
function shape(res: ApiResponse): unknown {
  const { traceId: _t, correlationId: _c, instance: _i, ...rest } = (res.body ?? {}) as Record<string, unknown>;
  return { status: res.status, type: res.headers.get('content-type'), body: rest };
}

describe('prototype property names in request values', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  describe('a workspace id on a workspace route', () => {
    it('answers a user with grants exactly as an unknown workspace does (404)', async () => {
      const ws = await createWorkspace(api);
      const editor = await createActor(api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
      const unknown = await api.get('/api/v1/workspaces/no-such-workspace/tags', { token: editor.token });
      expect(unknown.status).to.equal(404);
      for (const name of PROTOTYPE_NAMES) {
        const res = await api.get(`/api/v1/workspaces/${name}/tags`, { token: editor.token });
        expect(shape(res), name).to.deep.equal(shape(unknown));
        // A write route (Write access) too: the access step answers before If-Match is looked at.
        const write = await api.delete(`/api/v1/workspaces/${name}/tags/${ws.id}`, { token: editor.token });
        expect(write.status, `DELETE ${name}`).to.equal(404);
      }
      // The real grant still works.
      expect((await api.get(`/api/v1/workspaces/${ws.id}/tags`, { token: editor.token })).status).to.equal(200);
    });

    it('answers a user without grants, and a superadmin, as for any other unknown id', async () => {
      const reader = await createActor(api, { role: 'Reader' });
      const superadmin = await createActor(api, { role: 'Admin', superadmin: true });
      for (const token of [reader.token, superadmin.token]) {
        const unknown = await api.get('/api/v1/workspaces/no-such-workspace/tags', { token });
        for (const name of PROTOTYPE_NAMES) {
          expect(shape(await api.get(`/api/v1/workspaces/${name}/tags`, { token })), name).to.deep.equal(shape(unknown));
        }
      }
    });
  });

  describe('GET /swagger/assets/{asset}', () => {
    it('is 404 for a prototype property name, anonymously, with nothing logged at error level', async () => {
      const before = api.log.lines.length;
      // `__proto__` does not match the parameter's pattern (a 400 from validation); the rest do.
      for (const name of PROTOTYPE_NAMES.filter((n) => !n.startsWith('_'))) {
        const res = await api.get(`/swagger/assets/${name}`);
        expect(res.status, name).to.equal(404);
        expect(res.body.type, name).to.match(/not-found$/);
      }
      const errors = api.log.lines.slice(before).filter((l) => l.level === 'error');
      expect(errors).to.deep.equal([]);
    });
  });
});
