// The generator's naming and escaping rules on models the real-server test does not build: keys
// that are not identifiers, slugs that start with a digit or collide with the module's own names,
// comments that would close the doc comment, references to components or templates that are not
// published, open fields without allowed templates.
import { expect } from 'chai';
import { toContent, type VersoContentModel } from '../../src/index.js';
import type { TemplateField, WorkspaceModel } from '../../src/typegen/read-model.js';
import { renderContentModule } from '../../src/typegen/render.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function field(key: string, rest: Partial<TemplateField>): TemplateField {
  return {
    id: id(900 + key.length), sectionId: null, key, label: key, helpText: null, order: 0, isRequired: false, minOccurrences: 0, maxOccurrences: 1,
    isOpen: false, compositionMode: 'Inline', primitiveType: null, templateId: null, componentId: null, picklistId: null, picklistRevisionId: null,
    allowedTypes: [], fieldConfig: {}, localized: true, ...rest,
  };
}

const model: WorkspaceModel = {
  workspace: { id: id(1), name: 'Edge */ cases', slug: 'edge' },
  templates: [
    { id: id(2), name: 'Types', slug: 'verso-content-types', versionNumber: 3, fields: [field('hero-image', { primitiveType: 'Media', helpText: 'ends a comment */ here' }), field('sku', { primitiveType: 'Text', label: 'Product code', localized: false })] },
    { id: id(3), name: '404 page', slug: '404-page', versionNumber: 1, fields: [
      field('cta', { componentId: id(99) }), // a component without a published version
      field('anything', { isOpen: true, maxOccurrences: null }),
      field('parent', { templateId: id(98) }), // a template without a published version
      field('tags', { primitiveType: 'PickList', picklistId: id(5), picklistRevisionId: id(6), maxOccurrences: null, fieldConfig: { multiple: true } }),
    ] },
    { id: id(4), name: 'Seo', slug: 'seo-component', versionNumber: 1, fields: [] },
  ],
  components: new Map([[id(7), { id: id(7), name: 'SEO', slug: 'seo', versionNumber: 2, fields: [] }]]),
  picklistOptions: new Map(),
};

describe('verso-typegen rendering rules', () => {
  const text = renderContentModule(model, { sdkImport: '../sdk' });

  it('names interfaces from slugs without colliding with its own exports or each other', () => {
    expect(text).to.include('export interface VersoContentTypes2 {');
    expect(text).to.include('export interface T404Page {');
    expect(text).to.include('export interface SeoComponent {'); // the template "seo-component" came first…
    expect(text).to.include('export interface SeoComponent2 {'); // …so the component "seo" takes the next name
    expect(text).to.include('"verso-content-types": VersoContentTypes2;');
    expect(text).to.include('import type { VersoChild, VersoContentModel, VersoFilterField, VersoJsonObject, VersoUntypedContent } from "../sdk";');
  });

  it('quotes keys that are not identifiers and never lets a label or help text close the doc comment', () => {
    expect(text).to.include('  "hero-image": string | null;');
    expect(text).to.include('/** hero-image: ends a comment *\\/ here */');
    expect(text).to.include('from workspace "Edge *\\/ cases"');
  });

  it('says in the doc comment when a field is shared across translations (localized: false), and only then', () => {
    expect(text).to.include("  /** Product code. Shared across translations: every member serves the value of its group's member in the default locale. */\n  sku: string | null;");
    expect(text.match(/Shared across translations/g)).to.have.length(1);
  });

  it('falls back to open types for what is not published or not constrained', () => {
    expect(text).to.include('  cta: VersoJsonObject | null;');
    expect(text).to.include('  anything: (VersoChild | null)[];');
    expect(text).to.include('  parent: VersoUntypedContent | null;');
    expect(text).to.include('  tags: string[];'); // options unknown: any string
    expect(text).to.include('{ key: "cta", type: "Component", list: false },');
  });

  it('toContent keeps a quoted key and passes an unknown component through', () => {
    const versoContentModel: VersoContentModel = {
      templates: { t: { fields: [{ key: 'hero-image', type: 'Media', list: false }, { key: 'cta', type: 'Component', list: true }, { key: 'missing', type: 'Text', list: false }] } },
      components: {},
    };
    const value = (key: string, order: number, v: Record<string, unknown>) => ({
      fieldId: id(1), key, label: key, order, textValue: null, boolValue: null, mediaAssetId: null, fileAssetId: null, childContentItemId: null, child: null, jsonValue: null, numberValue: null, dateValue: null, dateTimeValue: null, displayLabel: null, valueKind: 'Text' as const, ...v,
    });
    const version = { templateSlug: 't', fields: [value('cta', 1, { valueKind: 'Component', jsonValue: { b: 2 } }), value('HERO-IMAGE', 0, { valueKind: 'Media', mediaAssetId: id(8) }), value('cta', 0, { valueKind: 'Component', jsonValue: { a: 1 } })] };
    expect(toContent(version, versoContentModel, 't')).to.deep.equal({ 'hero-image': id(8), cta: [{ a: 1 }, { b: 2 }], missing: null });
    expect(() => toContent({ templateSlug: 'u', fields: [] }, versoContentModel)).to.throw(TypeError, /no template "u": run verso-typegen again/);
    expect(() => toContent({} as never)).to.throw(TypeError, /needs a content version response/);
  });
});
