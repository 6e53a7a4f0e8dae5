// A workspace's locales (GET/PUT /api/v1/workspaces/{workspaceId}/locales): the languages it writes
// in, its default, and the chain each locale falls back along. Codes are canonical BCP 47, chains
// are checked as a whole (one plain sentence per problem at its JSON pointer), the ETag guards
// every save, and a save reaches every delivery read of the workspace at once.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { startTestApi, type ApiResponse } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildTemplate, createArticle, expectProblem, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';

const EXAMPLE = {
  defaultLocale: 'en',
  locales: [
    { code: 'en', name: 'English', fallback: [] },
    { code: 'de', name: 'Deutsch', fallback: ['en'] },
    { code: 'de-ch', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'] },
  ],
};

const EXAMPLE_SAVED = {
  defaultLocale: 'en',
  locales: [
    { code: 'en', name: 'English', fallback: [] },
    { code: 'de', name: 'Deutsch', fallback: ['en'] },
    { code: 'de-CH', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'] },
  ],
};

const OFF = { defaultLocale: null, locales: [] };

describe('workspace locales', function () {
  this.timeout(120_000);
  let w: ContentWorld;
  const path = (ws = w.ws) => `/api/v1/workspaces/${ws}/locales`;

  interface Fresh {
    readonly ws: string;
    readonly reader: string;
    readonly editor: string;
    readonly reviewer: string;
    readonly admin: string;
  }

  /** A workspace of its own, so each test starts from no locales, with an actor per role granted on it. */
  async function freshWorkspace(): Promise<Fresh> {
    const { id: ws } = await createWorkspace(w.api);
    const token = async (role: 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin', grant: 'Read' | 'Write') =>
      (await createActor(w.api, { role, grants: { [ws]: grant } })).token;
    return { ws, reader: await token('Reader', 'Read'), editor: await token('Editor', 'Write'), reviewer: await token('TemplateAdmin', 'Write'), admin: await token('Admin', 'Write') };
  }

  async function put(f: Fresh | string, body: unknown, token = typeof f === 'string' ? w.reviewer : f.reviewer): Promise<ApiResponse> {
    const ws = typeof f === 'string' ? f : f.ws;
    return w.api.put(path(ws), body, { token, headers: await w.api.ifMatch(path(ws), token) });
  }

  async function saved(f: Fresh | string, body: unknown) {
    const res = await put(f, body);
    expectStatus(res, 200);
    return res;
  }

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
  });
  after(() => w?.api.close());

  describe('GET /api/v1/workspaces/{workspaceId}/locales', () => {
    it('answers a workspace without locales as off, with an ETag', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      const res = await w.api.get(path(ws), { token: f.reader });
      expectStatus(res, 200);
      expect(res.body).to.deep.equal(OFF);
      expect(res.headers.get('etag')).to.match(/^"locales-0-.+"$/);
    });

    it('every role with access reads them, a delivery-only client too; no grant is 404, no credential 401', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      await saved(f, EXAMPLE);
      const readOnlyEditor = (await createActor(w.api, { role: 'Editor', grants: { [ws]: 'Read' } })).token;
      for (const token of [f.reader, readOnlyEditor, f.editor, f.reviewer, f.admin]) {
        const res = await w.api.get(path(ws), { token });
        expectStatus(res, 200);
        expect(res.body).to.deep.equal(EXAMPLE_SAVED);
      }
      const client = await createApiClientToken(w.api, { workspaceId: ws });
      expectStatus(await w.api.get(path(ws), { token: client.token }), 200);
      const created = await w.api.post('/api/v1/clients', { name: 'cdn', role: 'Reader', workspaceId: ws, scope: 'delivery' }, { token: f.admin });
      expectStatus(created, 201);
      const delivery = created.body.token as string;
      const read = await w.api.get(path(ws), { token: delivery });
      expectStatus(read, 200);
      expect(read.body).to.deep.equal(EXAMPLE_SAVED);
      // Reading is all it may do.
      expectProblem(await w.api.put(path(ws), OFF, { token: delivery, headers: { 'if-match': read.headers.get('etag')! } }), 403, 'forbidden');
      expectProblem(await w.api.get(path(ws), { token: w.stranger }), 404, 'not-found');
      expectProblem(await w.api.get(path(ws)), 401, 'unauthenticated');
    });

    it('lists the default first, then the others in the order saved, each with the whole chain reads apply', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      await saved(f, {
        defaultLocale: 'fr',
        locales: [
          { code: 'it', name: 'Italiano', fallback: [] },
          { code: 'de-AT', name: 'Österreich', fallback: ['de'] },
          { code: 'fr', name: 'Français', fallback: [] },
          { code: 'de', name: 'Deutsch', fallback: ['fr'] },
        ],
      });
      const res = await w.api.get(path(ws), { token: f.reader });
      expect(res.body).to.deep.equal({
        defaultLocale: 'fr',
        locales: [
          { code: 'fr', name: 'Français', fallback: [] },
          { code: 'it', name: 'Italiano', fallback: ['fr'] },
          { code: 'de-AT', name: 'Österreich', fallback: ['de', 'fr'] },
          { code: 'de', name: 'Deutsch', fallback: ['fr'] },
        ],
      });
    });
  });

  describe('PUT /api/v1/workspaces/{workspaceId}/locales', () => {
    it('saves the issue example canonically, stores each chain lower-cased, and answers what GET answers', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      const before = await w.api.get(path(ws), { token: f.reviewer });
      const res = await w.api.put(path(ws), EXAMPLE, { token: f.reviewer, headers: { 'if-match': before.headers.get('etag')! } });
      expectStatus(res, 200);
      expect(res.body).to.deep.equal(EXAMPLE_SAVED);
      expect(res.headers.get('etag')).to.match(/^"locales-1-.+"$/).and.not.equal(before.headers.get('etag'));
      const read = await w.api.get(path(ws), { token: f.reader });
      expect(read.body).to.deep.equal(EXAMPLE_SAVED);
      expect(read.headers.get('etag')).to.equal(res.headers.get('etag'));
      const rows = await dbQuery(w.api, 'SELECT code, code_key, name, fallback, chain_keys, position FROM workspace_locales WHERE workspace_id = $1 ORDER BY position', [ws]);
      expect(rows).to.deep.equal([
        { code: 'en', code_key: 'en', name: 'English', fallback: [], chain_keys: ['en'], position: 0 },
        { code: 'de', code_key: 'de', name: 'Deutsch', fallback: ['en'], chain_keys: ['de', 'en'], position: 1 },
        { code: 'de-CH', code_key: 'de-ch', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'], chain_keys: ['de-ch', 'de', 'en'], position: 2 },
      ]);
      const [workspace] = await dbQuery(w.api, 'SELECT default_locale, locales_version FROM workspaces WHERE id = $1', [ws]);
      expect(workspace).to.deep.equal({ default_locale: 'en', locales_version: 1 });
      // The chain every read resolves through (migration 0041) follows what was saved.
      const [chain] = await dbQuery(w.api, `SELECT verso_locale_chain($1::uuid, ARRAY['de-ch-1996', 'de-ch', 'de']) AS c`, [ws]);
      expect(chain.c).to.deep.equal(['de-ch', 'de', 'en']);
    });

    it('leaves the default implicit at the end of a chain, and takes it named at the end too', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      const res = await saved(f, {
        defaultLocale: 'EN',
        locales: [
          { code: 'EN', name: 'English', fallback: [] },
          { code: 'zh-hant-tw', name: '繁體中文', fallback: [] },
          { code: 'zh-hant', name: '繁體', fallback: ['EN'] },
          { code: 'pt', name: 'Português', fallback: [] },
          { code: 'pt-br', name: 'Português (Brasil)', fallback: ['PT'] },
        ],
      });
      expect(res.body).to.deep.equal({
        defaultLocale: 'en',
        locales: [
          { code: 'en', name: 'English', fallback: [] },
          { code: 'zh-Hant-TW', name: '繁體中文', fallback: ['en'] },
          { code: 'zh-Hant', name: '繁體', fallback: ['en'] },
          { code: 'pt', name: 'Português', fallback: ['en'] },
          { code: 'pt-BR', name: 'Português (Brasil)', fallback: ['pt', 'en'] },
        ],
      });
      const keys = await dbQuery(w.api, 'SELECT code, chain_keys FROM workspace_locales WHERE workspace_id = $1 ORDER BY position', [ws]);
      expect(keys.map((r) => r.chain_keys)).to.deep.equal([['en'], ['zh-hant-tw', 'en'], ['zh-hant', 'en'], ['pt', 'en'], ['pt-br', 'pt', 'en']]);
    });

    it('needs a current If-Match: missing or stale is 412 and changes nothing', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      const first = await saved(f, EXAMPLE);
      const stale = { 'if-match': '"locales-0-' + ws.slice(-12) + '"' };
      expectProblem(await w.api.put(path(ws), OFF, { token: f.reviewer }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.put(path(ws), OFF, { token: f.reviewer, headers: stale }), 412, 'concurrency-mismatch');
      // The workspace's own tag is not the locales' tag.
      const workspaceTag = (await w.api.get(`/api/v1/workspaces/${ws}`, { token: f.reviewer })).headers.get('etag')!;
      expectProblem(await w.api.put(path(ws), OFF, { token: f.reviewer, headers: { 'if-match': workspaceTag } }), 412, 'concurrency-mismatch');
      const read = await w.api.get(path(ws), { token: f.reader });
      expect(read.body).to.deep.equal(EXAMPLE_SAVED);
      expect(read.headers.get('etag')).to.equal(first.headers.get('etag'));
      // The tag the last save answered is current.
      const next = await w.api.put(path(ws), OFF, { token: f.reviewer, headers: { 'if-match': first.headers.get('etag')! } });
      expectStatus(next, 200);
      expect(next.headers.get('etag')).to.match(/^"locales-2-/);
    });

    it('needs TemplateAdmin or Admin with Write: an Editor, a Reader and Read access are 403', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      const readOnlyTemplateAdmin = (await createActor(w.api, { role: 'TemplateAdmin', grants: { [ws]: 'Read' } })).token;
      for (const token of [f.editor, f.reader, readOnlyTemplateAdmin]) {
        expectProblem(await put(f, EXAMPLE, token), 403, 'forbidden');
      }
      expect((await w.api.get(path(ws), { token: f.reader })).body).to.deep.equal(OFF);
      expectStatus(await put(f, EXAMPLE, f.reviewer), 200);
      expectStatus(await put(f, OFF, f.admin), 200);
      // Without a grant the workspace does not exist for the caller.
      expectProblem(await w.api.put(path(ws), EXAMPLE, { token: w.stranger, headers: { 'if-match': '"x"' } }), 404, 'not-found');
    });

    it('records the change in the audit log and emits workspace.updated', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      await saved(f, EXAMPLE);
      await saved(f, { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'fr', name: 'Français', fallback: [] }] });
      const audit = await w.api.get(`/api/v1/workspaces/${ws}/audit?EntityType=Workspace&EntityId=${ws}`, { token: f.reviewer });
      expectStatus(audit, 200);
      expect(audit.body.items).to.have.length(2);
      const [second, first] = audit.body.items;
      expect(first).to.include({ entityType: 'Workspace', entityId: ws, action: 'Updated', workspaceId: ws });
      expect(first.changeDelta).to.deep.equal({
        defaultLocale: { before: null, after: 'en' },
        locales: { before: [], after: EXAMPLE_SAVED.locales },
      });
      expect(second.changeDelta).to.deep.equal({
        locales: {
          before: EXAMPLE_SAVED.locales,
          after: [{ code: 'en', name: 'English', fallback: [] }, { code: 'fr', name: 'Français', fallback: ['en'] }],
        },
      });
      const events = await dbQuery(w.api, `SELECT payload FROM outbox_events WHERE event_type = 'workspace.updated' AND entity_id = $1`, [ws]);
      expect(events).to.have.length(2);
      expect(events[0].payload).to.include({ workspaceId: ws });
    });

    it('turns localization off with no locales and no default', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      await saved(f, EXAMPLE);
      const res = await saved(f, OFF);
      expect(res.body).to.deep.equal(OFF);
      expect(await dbQuery(w.api, 'SELECT 1 FROM workspace_locales WHERE workspace_id = $1', [ws])).to.deep.equal([]);
      const [workspace] = await dbQuery(w.api, 'SELECT default_locale FROM workspaces WHERE id = $1', [ws]);
      expect(workspace.default_locale).to.equal(null);
      // With the locales gone, a read's chain is the requested tag's own prefixes again.
      const [chain] = await dbQuery(w.api, `SELECT verso_locale_chain($1::uuid, ARRAY['de-ch', 'de']) AS c`, [ws]);
      expect(chain.c).to.deep.equal(['de-ch', 'de']);
    });
  });

  describe('PUT refuses a locales document that breaks a rule (422, each problem at its pointer)', () => {
    async function refused(body: unknown, errors: Record<string, string[]>) {
      const f = await freshWorkspace();
      const { ws } = f;
      const res = await put(f, body);
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal(errors);
      expect(res.body.detail).to.equal(`The locales were not saved. ${Object.values(errors).flat().join(' ')}`);
      expect((await w.api.get(path(ws), { token: f.reader })).body).to.deep.equal(OFF);
    }
    const en = { code: 'en', name: 'English', fallback: [] };

    it('a tag the pattern allows but that is not a valid language tag, or is too long once canonical', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de-1996-1996', name: 'Alt', fallback: ['en-a'] }, { code: 'sh-12345678-abcdefgh', name: 'Srpski', fallback: [] }] }, {
        '/locales/1/code': ['de-1996-1996 is not a valid language tag: after the language, use a script (Hant), a region (CH or 419) or a variant (1996), such as zh-Hant-TW or de-CH.'],
        '/locales/2/code': ['sh-12345678-abcdefgh is written sr-Latn-12345678-abcdefgh in its standard form, longer than the 20 characters a language tag may have.'],
        '/locales/1/fallback/0': ['en-a is not a valid language tag: after the language, use a script (Hant), a region (CH or 419) or a variant (1996), such as zh-Hant-TW or de-CH.'],
      });
    });

    it('an alias is saved in its standard form', async () => {
      const f = await freshWorkspace();
      const res = await saved(f, { defaultLocale: 'iw', locales: [{ code: 'iw', name: 'עברית', fallback: [] }, { code: 'sh', name: 'Srpski', fallback: ['he'] }] });
      expect(res.body).to.deep.equal({ defaultLocale: 'he', locales: [{ code: 'he', name: 'עברית', fallback: [] }, { code: 'sr-Latn', name: 'Srpski', fallback: ['he'] }] });
    });

    it('a code listed twice, regardless of case', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de-CH', name: 'A', fallback: [] }, { code: 'de-ch', name: 'B', fallback: [] }, { code: 'en', name: 'C', fallback: [] }] }, {
        '/locales/2/code': ['de-ch is de-CH, which is already listed as de-CH: list each locale once.'],
        '/locales/3/code': ['en is listed twice: list each locale once.'],
      });
    });

    it('a default that is not among the locales', async () => {
      await refused({ defaultLocale: 'fr', locales: [en] }, {
        '/defaultLocale': ['fr is not one of the locales listed; the default must be one of them.'],
      });
    });

    it('locales without a default, and a default without locales', async () => {
      await refused({ defaultLocale: null, locales: [en] }, {
        '/defaultLocale': ['Choose a default locale: one of the locales listed (or list none to turn localization off).'],
      });
      await refused({ defaultLocale: 'en', locales: [] }, {
        '/defaultLocale': ['No locales are listed, so there cannot be a default: list en among the locales, or set the default to null to turn localization off.'],
      });
    });

    it('a fallback naming a locale that is not listed', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de', name: 'Deutsch', fallback: ['fr', 'en'] }] }, {
        '/locales/1/fallback/0': ['fr is not one of the locales listed; a fallback names listed locales only.'],
      });
    });

    it('a fallback repeating a locale (in any spelling)', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de', name: 'D', fallback: [] }, { code: 'de-AT', name: 'A', fallback: ['de', 'DE'] }] }, {
        '/locales/2/fallback/1': ['de is already named earlier in this fallback; name each locale once.'],
      });
    });

    it('a locale falling back to itself', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de-AT', name: 'A', fallback: ['de-at'] }] }, {
        '/locales/1/fallback/0': ['de-AT cannot fall back to itself.'],
      });
    });

    it('fallbacks going round in a circle, of two and of three locales', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de', name: 'D', fallback: ['de-CH'] }, { code: 'de-CH', name: 'C', fallback: ['de'] }] }, {
        '/locales/2/fallback/0': ['de-CH falls back to de, which leads back to de-CH (de-CH → de → de-CH): fallbacks cannot go round in a circle.'],
      });
      await refused({
        defaultLocale: 'en',
        locales: [en, { code: 'fr', name: 'F', fallback: ['it'] }, { code: 'it', name: 'I', fallback: ['es', 'en'] }, { code: 'es', name: 'E', fallback: ['fr'] }],
      }, {
        '/locales/3/fallback/0': ['es falls back to fr, which leads back to es (es → fr → it → es): fallbacks cannot go round in a circle.'],
      });
    });

    it('the default having a fallback', async () => {
      await refused({ defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: ['de'] }, { code: 'de', name: 'D', fallback: [] }] }, {
        '/locales/0/fallback': ['en is the default locale, so it falls back to nothing: leave its fallback empty.'],
      });
    });

    it('a chain that does not end in the default', async () => {
      await refused({ defaultLocale: 'en', locales: [en, { code: 'de', name: 'D', fallback: [] }, { code: 'de-AT', name: 'A', fallback: ['en', 'de'] }] }, {
        '/locales/2/fallback/0': ['The fallback must end in the default locale en: nothing may come after it.'],
      });
    });

    it('every problem of a document at once', async () => {
      await refused({ defaultLocale: 'xx', locales: [en, { code: 'de', name: 'D', fallback: ['de', 'fr'] }, { code: 'DE', name: 'D2', fallback: [] }] }, {
        '/locales/2/code': ['DE is de, which is already listed as de: list each locale once.'],
        '/defaultLocale': ['xx is not one of the locales listed; the default must be one of them.'],
        '/locales/1/fallback/0': ['de cannot fall back to itself.'],
        '/locales/1/fallback/1': ['fr is not one of the locales listed; a fallback names listed locales only.'],
      });
    });

    it('a malformed document is the router\'s 400, in plain words', async () => {
      const f = await freshWorkspace();
      const res = await put(f, { defaultLocale: 'en', locales: [{ code: 'en!', name: ' ', fallback: [] }] });
      expectProblem(res, 400, 'bad-request');
      expect(res.body.errors['/locales/0/code']).to.deep.equal(['Must be a language tag such as en, de or de-CH: letters and digits in dash-separated parts, starting with a language of 2 to 8 letters.']);
      expect(res.body.errors['/locales/0/name']).to.deep.equal(['Must not be blank: type something other than spaces.']);
    });
  });

  describe('removing a locale that items use', () => {
    it('is refused naming the locale and how many live items use it; deleted items do not count', async () => {
      const f = await freshWorkspace();
      const { ws } = f;
      await saved(f, EXAMPLE);
      const base = `/api/v1/workspaces/${ws}`;
      const note = await buildTemplate(w.api, base, f.reviewer, 'Note', () => [{ key: 'text', label: 'Text', primitiveType: 'Text', minOccurrences: 0 }]);
      const ids: string[] = [];
      for (const localeCode of ['de', 'de', 'de-ch', null]) {
        const res = await w.api.post(`${base}/content`, { templateVersionId: note.versionId, localeCode, fields: [] }, { token: f.editor });
        expectStatus(res, 201);
        ids.push(res.body.id);
      }
      const res = await put(f, { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }] });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({
        '/locales': [
          'de cannot be removed: 2 items use it. Give those items another locale, or delete them, first.',
          'de-CH cannot be removed: 1 item uses it. Give those items another locale, or delete them, first.',
        ],
      });
      expect((await w.api.get(path(ws), { token: f.reader })).body).to.deep.equal(EXAMPLE_SAVED);
      // With the de-CH item deleted and de kept, the save goes through.
      const itemPath = `${base}/content/${ids[2]}`;
      expectStatus(await w.api.delete(itemPath, { token: f.editor, headers: await w.api.ifMatch(itemPath, f.editor) }), 204);
      const kept = await saved(f, { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'DE', name: 'Deutsch', fallback: [] }] });
      expect(kept.body.locales.map((l: { code: string }) => l.code)).to.deep.equal(['en', 'de']);
      // Turning localization off strands no item: any locale is allowed again.
      expect((await saved(f, OFF)).body).to.deep.equal(OFF);
    });
  });

  describe('delivery reads follow a save at once', () => {
    it('a by-slug read and a list page cached before the save are not served after it', async () => {
      const item = await createArticle(w, 'Cached', { localeCode: 'en' });
      await publishNow(w, item.id, 1);
      const bySlug = `${w.base}/content/by-slug/${item.slug}`;
      const list = `${w.base}/content?resolve=true&pageSize=100`;
      for (const url of [bySlug, list]) {
        expectStatus(await w.api.get(url, { token: w.reader }), 200);
        expect((await w.api.get(url, { token: w.reader })).headers.get('x-verso-cache')).to.equal('hit');
      }
      const [{ mark: before }] = await dbQuery(w.api, 'SELECT coalesce((SELECT mark FROM delivery_marks WHERE subject_id = $1), 0)::text AS mark', [w.ws]);
      await saved(w.ws, { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'de', name: 'Deutsch', fallback: [] }] });
      for (const url of [bySlug, list]) {
        expect((await w.api.get(url, { token: w.reader })).headers.get('x-verso-cache')).to.equal('miss');
      }
      // The stored documents and list pages check the workspace's mark, which the save moved.
      const [{ mark: after }] = await dbQuery(w.api, 'SELECT mark::text FROM delivery_marks WHERE subject_id = $1', [w.ws]);
      expect(BigInt(after) > BigInt(before)).to.equal(true);
      await saved(w.ws, OFF);
    });

    it('a stored by-slug document in a locale is not served after a save changes its chain (cache off)', async () => {
      // A replica without the in-process cache: its repeated reads come from the stored documents.
      const cold = await startTestApi({ databaseUrl: w.api.databaseUrl, env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0' } });
      try {
        const group = crypto.randomUUID();
        const english = await createArticle(w, 'Hello', { localeCode: 'en', translationGroupId: group });
        const german = await createArticle(w, 'Hallo', { localeCode: 'de', translationGroupId: group });
        await publishNow(w, english.id, 1);
        await publishNow(w, german.id, 1);
        const read = () => cold.get(`${w.base}/content/by-slug/${english.slug}?locale=de-CH`, { token: w.reader });
        // Without locales the chain of de-CH is its own prefixes: de-CH, then de.
        for (let i = 0; i < 2; i++) {
          const res = await read();
          expectStatus(res, 200);
          expect([res.body.contentItemId, res.body.localeCode]).to.deep.equal([german.id, 'de']);
        }
        // Now de-CH falls back straight to the default, English.
        await saved(w.ws, {
          defaultLocale: 'en',
          locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'de', name: 'Deutsch', fallback: [] }, { code: 'de-CH', name: 'Schweiz', fallback: [] }],
        });
        const after = await read();
        expectStatus(after, 200);
        expect([after.body.contentItemId, after.body.localeCode]).to.deep.equal([english.id, 'en']);
        await saved(w.ws, OFF);
      } finally {
        await cold.close();
      }
    });
  });
});
