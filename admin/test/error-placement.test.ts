// Every message of a refusal reaches the user: the problem box lists, with what each is about, the
// messages no input of the page shows (views/error-placement.ts; the browser side is in
// readable-errors.test.ts). Rendered with the real problem partial.
import { expect } from 'chai';
import { Eta } from 'eta';
import { viewsDir } from '../src/paths.js';
import { pointerLabel, recordLookups, unplacedErrors } from '../src/views/error-placement.js';

const eta = new Eta({ views: viewsDir, autoEscape: true, cache: false });
const escape = eta.config.escapeFunction as (s: string) => string;

describe('admin: messages no input shows go into the problem box', () => {
  it('names a pointer in words', () => {
    expect(pointerLabel('/slug')).to.equal('Slug');
    expect(pointerLabel('/fields/2/mediaAssetId')).to.equal('Fields 3, media asset id');
    expect(pointerLabel('/templateVersionId')).to.equal('Template version id');
    expect(pointerLabel('query.page')).to.equal('Page');
    expect(pointerLabel('/a~1b')).to.equal('A/b');
  });

  it('lists what the page did not show, once each, and nothing it did', () => {
    const errors = { '/name': ['This field is required.'], '/slug': ['This field is required.'], '/fields/0/mediaAssetId': ['Must be an id.'], '/': ['Say <why>.'] };
    const recorded = recordLookups(errors);
    // A page that shows /name at its input (and looks it up to do so), and nothing else.
    const html = `<input aria-invalid="${recorded.errors['/name'] ? 'true' : 'false'}"><ul><li>This field is required.</li></ul>`;
    const unplaced = unplacedErrors(errors, recorded.looked, html, escape);
    expect(unplaced).to.deep.equal([
      { label: 'Slug', messages: ['This field is required.'] },
      { label: 'Fields 1, media asset id', messages: ['Must be an id.'] },
      { label: '', messages: ['Say <why>.'] },
    ]);
    // An escaped message in the page counts as shown.
    expect(unplacedErrors({ '/': ['Say <why>.'] }, new Set(), '<p>Say &lt;why&gt;.</p>', escape)).to.deep.equal([]);

    const box = eta.render('./partials/problem', { problem: { status: 400, title: 'Some values need a change', detail: 'Nothing was saved.', unplaced } });
    expect(box).to.include('<strong>Slug:</strong> This field is required.');
    expect(box).to.include('<strong>Fields 1, media asset id:</strong> Must be an id.');
    expect(box).to.include('<li>Say &lt;why&gt;.</li>');
  });
});
