// An item's localeCode once the workspace configures locales: a new item, a copy, or a changed
// locale must be one of them (422 at /localeCode naming them), and is stored in the configured
// spelling; null (a language-neutral item) and an item's old locale kept unchanged stay allowed; a
// workspace without locales takes any code, as before. A save of the locales and an item write
// cannot cross: neither commits on what the other is about to change.
import { expect } from 'chai';
import pg from 'pg';
import { startTestApi, type ApiResponse } from '../helpers/api.js';
import { within } from '../helpers/wait.js';
import { dbQuery, expectProblem, expectStatus, startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

const LOCALES = {
  defaultLocale: 'en',
  locales: [
    { code: 'en', name: 'English', fallback: [] },
    { code: 'de', name: 'Deutsch', fallback: ['en'] },
    { code: 'de-CH', name: 'Deutsch (Schweiz)', fallback: ['de'] },
  ],
};
const NOT_CONFIGURED = (code: string) => `${code} is not one of this workspace's locales: en, de, de-CH.`;

describe('item locales', function () {
  this.timeout(120_000);
  let w: ContentWorld;
  const localesPath = () => `${w.base}/locales`;

  async function saveLocales(body: unknown): Promise<ApiResponse> {
    return w.api.put(localesPath(), body, { token: w.reviewer, headers: await w.api.ifMatch(localesPath(), w.reviewer) });
  }

  const create = (localeCode: string | null, slug = uniqueSlug('note')) =>
    w.api.post(`${w.base}/content`, {
      templateVersionId: w.model.person.versionId, slug, localeCode, tags: [], fields: [text(w.model.person.fields.name!, 'Someone')],
    }, { token: w.editor });

  async function created(localeCode: string | null) {
    const res = await create(localeCode);
    expectStatus(res, 201);
    return res.body as { id: string; slug: string; localeCode: string | null };
  }

  async function update(id: string, body: Record<string, unknown>): Promise<ApiResponse> {
    const path = `${w.base}/content/${id}`;
    return w.api.put(path, { tags: [], ...body }, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) });
  }

  const stored = async (id: string) => {
    const [item] = await dbQuery(w.api, 'SELECT locale_code FROM content_items WHERE id = $1', [id]);
    const versions = await dbQuery(w.api, 'SELECT locale_code FROM content_versions WHERE content_item_id = $1', [id]);
    return { item: item.locale_code as string | null, versions: versions.map((v) => v.locale_code as string | null) };
  };

  const itemCount = async () => Number((await dbQuery(w.api, 'SELECT count(*) AS n FROM content_items WHERE workspace_id = $1', [w.ws]))[0].n);

  /** Items made before the workspace had locales. */
  let oldFrench: { id: string; slug: string };
  let oldSwiss: { id: string; slug: string };

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
  });
  after(() => w?.api.close());

  describe('a workspace without locales', () => {
    it('takes any localeCode as given, as before', async () => {
      oldFrench = await created('fr');
      oldSwiss = await created('de-ch');
      const odd = await created('Klingon!');
      expect(await stored(oldSwiss.id)).to.deep.equal({ item: 'de-ch', versions: ['de-ch'] });
      expect(await stored(odd.id)).to.deep.equal({ item: 'Klingon!', versions: ['Klingon!'] });
      expect((await created(null)).localeCode).to.equal(null);
      expectStatus(await saveLocales(LOCALES), 200);
    });
  });

  describe('POST /content once the workspace has locales', () => {
    it('refuses a locale that is not configured, naming the configured ones, and creates nothing', async () => {
      const before = await itemCount();
      for (const code of ['fr', 'de-AT', 'Klingon!']) {
        const res = await create(code);
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors).to.deep.equal({ '/localeCode': [NOT_CONFIGURED(code)] });
        expect(res.body.detail).to.equal(NOT_CONFIGURED(code));
      }
      expect(await itemCount()).to.equal(before);
    });

    it('stores a configured locale in its configured spelling', async () => {
      const swiss = await created('de-ch');
      expect(swiss.localeCode).to.equal('de-CH');
      expect(await stored(swiss.id)).to.deep.equal({ item: 'de-CH', versions: ['de-CH'] });
      const german = await created('DE');
      expect(german.localeCode).to.equal('de');
      const read = await w.api.get(`${w.base}/content/${german.id}`, { token: w.reader });
      expect(read.body.localeCode).to.equal('de');
      expect(read.body.versions[0].localeCode).to.equal('de');
    });

    it('still takes a language-neutral item (null)', async () => {
      const neutral = await created(null);
      expect(await stored(neutral.id)).to.deep.equal({ item: null, versions: [null] });
    });
  });

  describe('PUT /content/{id} once the workspace has locales', () => {
    it('keeps an item\'s old locale from before while it is unchanged', async () => {
      const res = await update(oldFrench.id, { slug: uniqueSlug('renamed'), localeCode: 'fr' });
      expectStatus(res, 200);
      expect(res.body.localeCode).to.equal('fr');
      expect(await stored(oldFrench.id)).to.deep.equal({ item: 'fr', versions: ['fr'] });
    });

    it('refuses a changed locale that is not configured', async () => {
      const res = await update(oldFrench.id, { slug: oldFrench.slug, localeCode: 'it' });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({ '/localeCode': [NOT_CONFIGURED('it')] });
      expect((await stored(oldFrench.id)).item).to.equal('fr');
      const german = await created('de');
      const toFrench = await update(german.id, { slug: german.slug, localeCode: 'fr' });
      expectProblem(toFrench, 422, 'validation-failed');
      expect(toFrench.body.errors).to.deep.equal({ '/localeCode': [NOT_CONFIGURED('fr')] });
    });

    it('stores a changed configured locale in its configured spelling, and takes null', async () => {
      // The old `de-ch` written again in another spelling is a change: it becomes the configured de-CH.
      const swiss = await update(oldSwiss.id, { slug: oldSwiss.slug, localeCode: 'DE-CH' });
      expectStatus(swiss, 200);
      expect(swiss.body.localeCode).to.equal('de-CH');
      expect(await stored(oldSwiss.id)).to.deep.equal({ item: 'de-CH', versions: ['de-CH'] });
      const neutral = await update(oldSwiss.id, { slug: oldSwiss.slug, localeCode: null });
      expectStatus(neutral, 200);
      expect(await stored(oldSwiss.id)).to.deep.equal({ item: null, versions: [null] });
    });
  });

  describe('POST /content/{id}/duplicate once the workspace has locales', () => {
    it('copies a configured locale, and refuses to copy an old one that is not configured', async () => {
      const swiss = await created('de-CH');
      const copy = await w.api.post(`${w.base}/content/${swiss.id}/duplicate`, null, { token: w.editor });
      expectStatus(copy, 201);
      expect(copy.body.localeCode).to.equal('de-CH');
      const before = await itemCount();
      const refused = await w.api.post(`${w.base}/content/${oldFrench.id}/duplicate`, null, { token: w.editor });
      expectProblem(refused, 422, 'validation-failed');
      expect(refused.body.errors).to.deep.equal({ '/localeCode': [NOT_CONFIGURED('fr')] });
      expect(await itemCount()).to.equal(before);
    });
  });

  describe('a save of the locales and an item write do not cross', () => {
    let client: pg.Client;
    beforeEach(async () => {
      client = new pg.Client({ connectionString: w.api.databaseUrl });
      await client.connect();
    });
    afterEach(() => client.end());

    /** Whether some session waits for a row lock in a statement containing `text`. */
    const waiting = (text: string) => async () =>
      (await dbQuery(w.api, `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`, [`%${text}%`])).length > 0;

    it('an item write waits for a save in progress, then sees the locale it removed gone', async () => {
      // A save in progress, as PUT …/locales makes it: the workspace row FOR UPDATE, de-CH removed.
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE', [w.ws]);
      await client.query(`DELETE FROM workspace_locales WHERE workspace_id = $1 AND code_key = 'de-ch'`, [w.ws]);
      const pending = create('de-CH');
      await within(30_000, waiting('FOR KEY SHARE'));
      await client.query('COMMIT');
      const res = await pending;
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({ '/localeCode': ["de-CH is not one of this workspace's locales: en, de."] });
      // Put de-CH back as a save would (the test's own change above bypassed the API).
      await client.query(`INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position)
        VALUES ($1, 'de-CH', 'Deutsch (Schweiz)', '{de}', '{de-ch,de,en}', 2)`, [w.ws]);
    });

    it('a save waits for an item write in progress, then refuses to remove the locale it used', async () => {
      // An item write in progress, as POST /content makes it: the workspace row FOR KEY SHARE, the item inserted.
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR KEY SHARE', [w.ws]);
      const used = Number((await client.query(`SELECT count(*) AS n FROM content_items WHERE workspace_id = $1 AND NOT is_deleted AND locale_code = 'de-CH'`, [w.ws])).rows[0].n);
      await client.query(`INSERT INTO content_items (id, workspace_id, template_id, template_version_id, locale_code)
        VALUES (gen_random_uuid(), $1, $2, $3, 'de-CH')`, [w.ws, w.model.person.templateId, w.model.person.versionId]);
      const pending = saveLocales({ defaultLocale: 'en', locales: LOCALES.locales.slice(0, 2) });
      await within(30_000, waiting('FOR UPDATE'));
      await client.query('COMMIT');
      const res = await pending;
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({
        '/locales': [`de-CH cannot be removed: ${used + 1} items use it. Give those items another locale, or delete them, first.`],
      });
    });
  });

  describe('once localization is turned off again', () => {
    it('takes any localeCode again, and a copy keeps an old one', async () => {
      expectStatus(await saveLocales({ defaultLocale: null, locales: [] }), 200);
      expect((await created('fr')).localeCode).to.equal('fr');
      expect((await created('de-ch')).localeCode).to.equal('de-ch');
      const copy = await w.api.post(`${w.base}/content/${oldFrench.id}/duplicate`, null, { token: w.editor });
      expectStatus(copy, 201);
      expect(copy.body.localeCode).to.equal('fr');
    });
  });
});
