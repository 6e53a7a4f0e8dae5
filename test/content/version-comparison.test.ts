// GET …/content/{id}/compare (issue #25): the item and two of its versions in one read, for the
// admin's compare page, with each child either version names by its title (the version it serves
// now) instead of whole expanded children; the sides default to the latest and the one before it,
// and an unknown version number is 404. Five statements whatever the number of children; a
// revalidation answered 304 reads no values.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { statementRecorder } from '../helpers/statements.js';
import { child, createArticle, createPerson, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

describe('GET …/content/{id}/compare', () => {
  let w: ContentWorld;
  const { statements, onStatement } = statementRecorder();
  let article: string;
  let ada: string;
  let grace: string;
  let hidden: string;
  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' }, onStatement }));
    const f = w.model.article.fields;
    ada = (await createPerson(w, 'Ada Lovelace')).id;
    grace = (await createPerson(w, 'Grace Hopper')).id;
    hidden = (await createPerson(w, 'Never published')).id;
    await publishNow(w, ada, 1);
    await publishNow(w, grace, 1);
    article = (await createArticle(w, 'Morning harbour', {}, [child(f.author!, ada), child(f.related!, hidden)])).id;
    await newVersion(w, article, { fields: [text(f.title!, 'Evening harbour'), child(f.author!, grace), child(f.blocks!, ada)] });
  });
  after(() => w.api.close());

  const compare = (query = '', token = w.reader) => w.api.get(`${w.base}/content/${article}/compare${query}`, { token });
  const read = async (path: string) => {
    const res = await w.api.get(`${w.base}/content/${article}${path}`, { token: w.reader });
    expectStatus(res, 200);
    return res.body;
  };

  it('answers the item and the latest two versions as their own reads do, children named by title', async () => {
    const res = await compare();
    expectStatus(res, 200);
    expect(res.body.item).to.deep.equal(await read(''));
    expect(res.body.from).to.deep.equal(await read('/versions/1?expandChildren=false'));
    expect(res.body.to).to.deep.equal(await read('/versions/2?expandChildren=false'));
    // Once each, in the order first named; an item serving nothing (never published) is absent.
    expect(res.body.children).to.deep.equal([
      { contentItemId: ada, title: 'Ada Lovelace', slug: res.body.children[0].slug, templateName: 'Person' },
      { contentItemId: grace, title: 'Grace Hopper', slug: res.body.children[1].slug, templateName: 'Person' },
    ]);
    expect(res.body.children.map((c: { slug: string }) => c.slug)).to.deep.equal([
      (await w.api.get(`${w.base}/content/${ada}`, { token: w.reader })).body.slug,
      (await w.api.get(`${w.base}/content/${grace}`, { token: w.reader })).body.slug,
    ]);
  });

  it('takes either side by number, in either order; without `from` the version before `to`', async () => {
    const swapped = await compare('?from=2&to=1');
    expectStatus(swapped, 200);
    expect([swapped.body.from.versionNumber, swapped.body.to.versionNumber]).to.deep.equal([2, 1]);
    const first = await compare('?to=1');
    expect([first.body.from.versionNumber, first.body.to.versionNumber]).to.deep.equal([1, 1]);
    const same = await compare('?from=2');
    expect([same.body.from.versionNumber, same.body.to.versionNumber]).to.deep.equal([2, 2]);
  });

  const ours = () => statements.filter((s) => !/\bsessions\b|api_clients|workspace_grants|workspaces\b/.test(s));
  const readsValues = (s: string) => /^\s*SELECT fv\.content_version_id/.test(s);

  it('costs five statements with children (the item with its latest title, its versions, the values’ digest, the children’s names, both sides’ values), never one per child', async () => {
    statements.length = 0;
    expectStatus(await compare('', w.editor), 200);
    expect(ours(), ours().join('\n---\n')).to.have.length(5);
    expect(ours().filter(readsValues)).to.have.length(1);
  });

  it('answers a revalidation with its tag by a 304 that reads no values: four statements, the values digested by PostgreSQL', async () => {
    const first = await compare('', w.editor);
    expectStatus(first, 200);
    statements.length = 0;
    const again = await w.api.get(`${w.base}/content/${article}/compare`, { token: w.editor, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).to.equal(304);
    expect(ours(), ours().join('\n---\n')).to.have.length(4);
    expect(ours().filter(readsValues), 'no statement reads the values').to.have.length(0);
  });

  it('carries a strong tag of what the answer is made of: If-None-Match naming it is 304 without a body, until something in the answer changes', async () => {
    const first = await compare('?from=1&to=2');
    expectStatus(first, 200);
    const etag = first.headers.get('etag')!;
    expect(etag).to.match(/^"[^"]+"$/);
    const again = await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    expect(again.headers.get('etag')).to.equal(etag);
    expect(again.text).to.equal('');
    // Another pair is another answer; a child's new title changes this one.
    expectStatus(await w.api.get(`${w.base}/content/${article}/compare?from=2&to=1`, { token: w.reader, headers: { 'if-none-match': etag } }), 200);
    // A value changed in one side changes the tag, and so does changing it back (a new row version).
    const v2 = `${w.base}/content/${article}/versions/2`;
    const current = await w.api.get(v2, { token: w.editor });
    const fields = current.body.fields.map((f: any) => ({ fieldId: f.fieldId, order: f.order, valueKind: f.valueKind, textValue: f.textValue, childContentItemId: f.childContentItemId }));
    const title = fields.find((f: any) => f.textValue === 'Evening harbour');
    title.textValue = 'Night harbour';
    const saved = await w.api.put(v2, { fields }, { token: w.editor, headers: { 'if-match': current.headers.get('etag')! } });
    expectStatus(saved, 200);
    const edited = await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': etag } });
    expectStatus(edited, 200);
    expect(edited.body.to.fields.map((f: any) => f.textValue)).to.include('Night harbour');
    title.textValue = 'Evening harbour';
    expectStatus(await w.api.put(v2, { fields }, { token: w.editor, headers: { 'if-match': saved.headers.get('etag')! } }), 200);
    const back = await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader });
    expectStatus(back, 200);
    const tagNow = back.headers.get('etag')!;
    expect(tagNow).to.not.equal(edited.headers.get('etag'));
    expect((await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': tagNow } })).status).to.equal(304);
    await newVersion(w, ada, { fields: [text(w.model.person.fields.name!, 'Ada, Countess of Lovelace')] });
    await publishNow(w, ada, 2);
    const changed = await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': tagNow } });
    expectStatus(changed, 200);
    expect(changed.headers.get('etag')).to.not.equal(etag);
    expect(changed.body.children[0]).to.include({ contentItemId: ada, title: 'Ada, Countess of Lovelace' });
  });

  it('changes its tag when a value row is rewritten outside the API (direct SQL, as a SET NULL cascade is) and when a field is renamed', async () => {
    const first = await compare('?from=1&to=2');
    expectStatus(first, 200);
    const tag = first.headers.get('etag')!;
    const revalidate = () => w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': tag } });
    expect((await revalidate()).status).to.equal(304);
    // The value row is rewritten with what it already holds: no API write, no version row touched.
    const to = first.body.to.id as string;
    await dbQuery(w.api, 'UPDATE content_field_values SET text_value = text_value WHERE content_version_id = $1', [to]);
    const rewritten = await revalidate();
    expectStatus(rewritten, 200);
    expect(rewritten.headers.get('etag')).to.not.equal(tag);
    // A field's label (shown on each side) renamed in place.
    const renamedTag = rewritten.headers.get('etag')!;
    const fieldId = first.body.to.fields[0].fieldId as string;
    await dbQuery(w.api, "UPDATE template_fields SET label = label || ' (renamed)' WHERE id = $1", [fieldId]);
    const renamed = await w.api.get(`${w.base}/content/${article}/compare?from=1&to=2`, { token: w.reader, headers: { 'if-none-match': renamedTag } });
    expectStatus(renamed, 200);
    await dbQuery(w.api, "UPDATE template_fields SET label = replace(label, ' (renamed)', '') WHERE id = $1", [fieldId]);
  });

  it('404 for a version number the item does not have, or an unknown item; 400 for a number below 1', async () => {
    expectProblem(await compare('?from=9'), 404, 'not-found');
    expectProblem(await compare('?to=3'), 404, 'not-found');
    expectProblem(await w.api.get(`${w.base}/content/01a220a1-bd32-7300-b2d6-804228be2189/compare`, { token: w.reader }), 404, 'not-found');
    const bad = await compare('?from=0');
    expectProblem(bad, 400, 'bad-request');
    expect(JSON.stringify(bad.body.errors)).to.include('Give a version number: 1 or more.');
  });

  it('401 without a token; 404 without access to the workspace (it stays hidden)', async () => {
    expect((await w.api.get(`${w.base}/content/${article}/compare`)).status).to.equal(401);
    expectProblem(await compare('', w.stranger), 404, 'not-found');
  });
});
