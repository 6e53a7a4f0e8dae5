// A name of white space only ("\t", " ", "\u00a0") trims to nothing: the contract refuses it
// (pattern \S) with 400 before a service trims it and PostgreSQL's CHECK refuses the empty result.
// The fuzz suite found these answered 500.
import { expect } from 'chai';
import { createActor } from '../helpers/actors.js';
import { createTemplate, dbQuery, expectProblem, useModelWorld, uniqueSlug } from './model-fixture.js';

const BLANKS = [' ', '\t', '\n \u00a0', '\u2003'];

describe('names made only of white space', () => {
  const w = useModelWorld();
  const counts = () =>
    dbQuery(w.api, `SELECT (SELECT count(*) FROM templates)::int AS t, (SELECT count(*) FROM components)::int AS c, (SELECT count(*) FROM picklists)::int AS p`);

  it('are 400 bad-request naming /name on create, for templates, components and picklists, and nothing is written', async () => {
    const before = await counts();
    for (const name of BLANKS) {
      for (const [path, body] of [
        ['templates', { name, slug: uniqueSlug('t') }],
        ['components', { name, slug: uniqueSlug('c') }],
        ['picklists', { name, slug: uniqueSlug('p'), options: [{ value: 'a', label: 'A' }] }],
      ] as const) {
        const res = await w.api.post(`${w.base}/${path}`, body, { token: w.admin });
        expectProblem(res, 400, 'bad-request');
        expect(res.body.errors).to.have.property('/name');
      }
    }
    expect(await counts()).to.deep.equal(before);
  });

  it('are 400 on a template rename, and the name stays', async () => {
    const t = await createTemplate(w, 'Kept');
    const path = `${w.base}/templates/${t.id}`;
    const res = await w.api.put(path, { name: '\t' }, { token: w.admin, headers: await w.api.ifMatch(path, w.admin) });
    expectProblem(res, 400, 'bad-request');
    expect((await w.api.get(path, { token: w.admin })).body.name).to.equal('Kept');
  });

  it('are 400 for a workspace', async () => {
    const { token } = await createActor(w.api, { role: 'Admin', superadmin: true });
    const res = await w.api.post('/api/v1/workspaces', { name: ' ', slug: uniqueSlug('w') }, { token });
    expectProblem(res, 400, 'bad-request');
  });
});
