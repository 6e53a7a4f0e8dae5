// Issue #23, finding 9, in the admin: names a browser posts become object keys. The content editor
// rebuilds `v[a][b]…` field names into a tree, and `v[__proto__][x]` walked into Object.prototype
// and wrote there (every object in the admin process then "had" x); a package's component whose
// slug is `constructor` (a valid slug) found Object as its posted resolution.
import { expect } from 'chai';
import { parseTree, stateFromTree } from '../src/pages/content/value-form.js';
import { previewModel, resolutionsOf } from '../src/pages/packages/preview.js';

describe('admin: form field names that are prototype property names', () => {
  it('the content form tree never reaches Object.prototype', () => {
    const tree = parseTree({
      'v[__proto__][pollutedByForm]': 'yes',
      'v[constructor][prototype][pollutedByForm]': 'yes',
      'v[f1][0][v]': 'kept',
    });
    expect(({} as Record<string, unknown>).pollutedByForm).to.equal(undefined);
    expect(Object.prototype).not.to.have.own.property('pollutedByForm');
    expect(Object.hasOwn(Object, 'pollutedByForm') || Object.hasOwn(Object.prototype, 'pollutedByForm')).to.equal(false);
    // The form's own names still come through, and nothing is read from a prototype.
    const fields = [{ id: 'f1', kind: 'Text' }, { id: 'constructor', kind: 'Text' }, { id: 'toString', kind: 'Text' }];
    const state = stateFromTree({ fields: () => [] } as never, fields as never, tree);
    expect(Object.keys(state)).to.deep.equal(['f1']);
    expect(state.f1![0]!.v).to.equal('kept');
  });

  it('a conflicting component with the slug `constructor` keeps its suggested resolution', () => {
    const posted = resolutionsOf({ body: { 'resolve.component.other': 'replace' } } as never);
    const item = { slug: 'constructor', name: 'C', status: 'Conflict', suggestedAction: 'importAsNew' };
    const model = previewModel({ packageNamespace: 'p', id: 'p', version: '1.0.0', installedVersions: [], pickLists: [], components: [item], templates: [] } as never, posted);
    expect(model.components[0]!.resolution).to.equal('importAsNew');
  });
});
