// verso-typegen for Number, Date, DateTime and Json fields, and the VersoContentFilters it writes for
// typed list queries, without a server: the rendered module's members and filter entries, then tsc on
// the module with a use-site (contentQuery on listContent and listAll, toContent) that must compile
// and a file of `@ts-expect-error` lines (a wrong key, a string for a Number field, an op the type has
// no use for, a sort by an unsortable field …) that compiles only if every one of them is an error.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toContent, type VersoContentModel } from '../../src/index.js';
import type { ComponentField, TemplateField, WorkspaceModel } from '../../src/typegen/read-model.js';
import { renderContentModule } from '../../src/typegen/render.js';
import { tsc } from '../support/tsc.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let fieldIds = 100;
function field(key: string, rest: Partial<TemplateField>): TemplateField {
  return {
    id: id(++fieldIds), sectionId: null, key, label: key, helpText: null, order: 0, isRequired: false, minOccurrences: 0, maxOccurrences: 1,
    isOpen: false, compositionMode: 'Inline', primitiveType: null, templateId: null, componentId: null, picklistId: null, picklistRevisionId: null,
    allowedTypes: [], fieldConfig: {}, localized: true, ...rest,
  };
}

function componentField(key: string, rest: Partial<ComponentField>): ComponentField {
  return { ...(field(key, {}) as unknown as ComponentField), nestedComponentId: null, ...rest } as ComponentField;
}

const SPEAKER = id(2);
const VENUE = id(3);
const model: WorkspaceModel = {
  workspace: { id: id(1), name: 'Events', slug: 'events' },
  templates: [
    {
      id: id(4), name: 'Event', slug: 'event', versionNumber: 2, fields: [
        field('title', { primitiveType: 'Text', isRequired: true, minOccurrences: 1, label: 'Title' }),
        field('price', { primitiveType: 'Number', label: 'Price', helpText: 'In euros', fieldConfig: { min: 0, max: 1000, decimals: 2 } }),
        field('seats', { primitiveType: 'Number', label: 'Seats', isRequired: true, minOccurrences: 1, fieldConfig: { integer: true } }),
        field('eventDate', { primitiveType: 'Date', label: 'Event date', isRequired: true, minOccurrences: 1 }),
        field('startsAt', { primitiveType: 'DateTime', label: 'Starts at' }),
        field('dates', { primitiveType: 'Date', label: 'More dates', maxOccurrences: null }),
        field('details', { primitiveType: 'Json', label: 'Details' }),
        field('labels', { primitiveType: 'Json', label: 'Labels', fieldConfig: { schema: { type: 'array', items: { type: 'string' } } } }),
        field('level', { primitiveType: 'Json', label: 'Level', fieldConfig: { schema: { enum: ['a', 'b', 1] } } }),
        field('meta', { primitiveType: 'Json', label: 'Meta', fieldConfig: { schema: { type: 'object', properties: { x: { type: 'number' } } } } }),
        field('note', { primitiveType: 'Json', label: 'Note', fieldConfig: { schema: { type: ['string', 'null'] } } }),
        field('shape', { primitiveType: 'Json', label: 'Shape', fieldConfig: { schema: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }),
        field('featured', { primitiveType: 'Boolean', label: 'Featured' }),
        field('city', { primitiveType: 'PickList', label: 'City', picklistId: id(5), picklistRevisionId: id(6) }),
        field('summary', { primitiveType: 'RichText', label: 'Summary' }),
        field('hero', { primitiveType: 'Media', label: 'Hero' }),
        field('speaker', { templateId: SPEAKER, label: 'Speaker' }),
        field('venue', { componentId: VENUE, label: 'Venue' }),
      ],
    },
    { id: SPEAKER, name: 'Speaker', slug: 'speaker', versionNumber: 1, fields: [field('name', { primitiveType: 'Text', isRequired: true, minOccurrences: 1 })] },
  ],
  components: new Map([
    [VENUE, { id: VENUE, name: 'Venue', slug: 'venue', versionNumber: 1, fields: [
      componentField('name', { primitiveType: 'Text', isRequired: true, minOccurrences: 1 }),
      componentField('capacity', { primitiveType: 'Number', label: 'Capacity' }),
      componentField('opens', { primitiveType: 'Date', label: 'Opens' }),
    ] }],
  ]),
  picklistOptions: new Map([[id(6), ['Berlin', 'Hamburg']]]),
};

const text = renderContentModule(model, { sdkImport: '@verso/sdk' });

/** An interface's members as `{ key: type }` (top-level lines of its block). */
function members(source: string, name: string): Record<string, string> {
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1] ?? '';
  return Object.fromEntries(body.split('\n').filter((l) => /^ {2}["\w]/.test(l)).map((l) => l.trim().replace(/;$/, '').split(/: (.*)/s).slice(0, 2)));
}

/** One template's entry of VersoContentFilters as `{ key: type }`. */
function filterEntry(source: string, slug: string): Record<string, string> {
  const body = new RegExp(`export interface VersoContentFilters \\{[\\s\\S]*?\\n  "${slug}": \\{([\\s\\S]*?)\\n  \\};`).exec(source)?.[1] ?? '';
  return Object.fromEntries(body.split('\n').filter((l) => /^ {4}\w/.test(l)).map((l) => l.trim().replace(/;$/, '').split(/: (.*)/s).slice(0, 2)));
}

/** A use-site that must compile: typed queries on listContent and listAll, toContent with the new types. */
const USE_SITE = `import { contentQuery, toContent, type ContentSort, type VersoClient } from '@verso/sdk';
import { versoContentModel, type VersoContentFilters, type VersoContentTypes } from './verso-content.js';
type EventFilters = VersoContentFilters['event'];
export async function upcoming(verso: VersoClient, workspaceId: string, templateId: string, speakerId: string): Promise<string[]> {
  const query = contentQuery<EventFilters>({
    templateId,
    resolve: true,
    pageSize: 50,
    filter: {
      price: { gte: 10, lte: 20 },
      seats: { in: [10, 20], ne: 0 },
      eventDate: { gte: '2026-12-01' },
      startsAt: { lt: new Date(), gte: '2026-12-24T18:00:00+01:00' },
      dates: { exists: true },
      speaker: { eq: speakerId },
      featured: { eq: true },
      city: { in: ['Berlin', 'Hamburg'] },
      summary: { exists: true, contains: 'jazz' },
      title: { contains: 'night', ne: 'Closed' },
    },
    sort: '-eventDate',
  });
  const sorts: ContentSort<EventFilters>[] = ['price', '-price', 'fields.title', 'title', '-createdAt', 'updatedAt', 'slug', 'speaker', 'featured', 'city', '-startsAt', 'dates'];
  const page = await verso.listContent({ path: { workspaceId }, query });
  const titles = page.items.map((i) => i.title ?? '');
  for await (const item of verso.listAll('listContent', { path: { workspaceId }, query: contentQuery<EventFilters>({ templateId, sort: sorts[0] }) })) titles.push(item.slug ?? '');
  const version = await verso.getContentBySlug({ path: { workspaceId, slug: 'gala' } });
  const event: VersoContentTypes['event'] = toContent(version, versoContentModel, 'event');
  const price: number | null = event.price;
  const seats: number = event.seats;
  const day: string = event.eventDate;
  const at: string | null = event.startsAt;
  const labels: string[] | null = event.labels;
  const details: unknown = event.details;
  const capacity: number | null | undefined = event.venue?.capacity;
  titles.push(String(price), String(seats), day, at ?? '', String(labels), String(details), String(capacity));
  // Untyped: any key and operand.
  contentQuery({ templateId, filter: { anything: { eq: 1, in: ['a'], exists: true, contains: 'x' } }, sort: '-whatever' });
  return titles;
}
`;

/** Typed queries that must not compile, each `why|the query's members`. */
const WRONG_QUERIES = [
  'a field the template does not have|filter: { pricee: { gte: 1 } }',
  'a string for a Number field|filter: { price: { gte: \'10\' } }',
  'a number for a Date field|filter: { eventDate: { gte: 20261201 } }',
  'a Date object for a Date field|filter: { eventDate: { gte: new Date() } }',
  'a picklist option that does not exist|filter: { city: { in: [\'Munich\'] } }',
  'a string for a Boolean field|filter: { featured: { eq: \'true\' } }',
  'contains on a Number field|filter: { price: { contains: \'1\' } }',
  'a range on a RichText field|filter: { summary: { gt: \'a\' } }',
  'a Media field|filter: { hero: { exists: true } }',
  'a Json field|filter: { details: { exists: true } }',
  'a range on a Boolean field|filter: { featured: { gte: true } }',
  'a range on a PickList field|filter: { city: { lt: \'Hamburg\' } }',
  'a range on a composition field|filter: { speaker: { gt: \'x\' } }',
  'exists takes a boolean|filter: { summary: { exists: \'true\' } }',
  'in takes a list|filter: { price: { in: 10 } }',
  'an op that does not exist|filter: { price: { between: [1, 2] } }',
  'sort by a field the template does not have|sort: \'-pricee\'',
  'sort by a RichText field|sort: \'summary\'',
  'sort by a Json field|sort: \'fields.details\'',
  'sort by a component|sort: \'venue\'',
  'sortBy is written by sort|sortBy: \'createdAt\'',
];

const WRONG = `import { contentQuery, toContent } from '@verso/sdk';
import { versoContentModel, type VersoContentFilters } from './verso-content.js';
type EventFilters = VersoContentFilters['event'];
${WRONG_QUERIES.map((w) => {
  const [why, part] = w.split('|');
  return `// @ts-expect-error ${why}\ncontentQuery<EventFilters>({ templateId: 'x', ${part} });`;
}).join('\n')}
// @ts-expect-error templateId is required
contentQuery<EventFilters>({ filter: { price: { gte: 1 } } });
declare const version: Parameters<typeof toContent>[0];
const event = toContent(version, versoContentModel, 'event');
// @ts-expect-error a Number field is a number
export const priceText: string | null = event.price;
// @ts-expect-error a DateTime field is an ISO string, not a Date
export const startsAt: Date | null = event.startsAt;
`;

describe('verso-typegen: Number, Date, DateTime and Json fields, and typed list queries', function () {
  this.timeout(120_000);
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-field-types-'));
    fs.mkdirSync(path.join(tmp, 'src'));
    fs.writeFileSync(path.join(tmp, 'src/verso-content.ts'), text);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('maps Number to number, Date and DateTime to ISO strings, Json to its schema type when simple, else unknown', () => {
    expect(members(text, 'Event')).to.deep.equal({
      title: 'string',
      price: 'number | null',
      seats: 'number',
      eventDate: 'string',
      startsAt: 'string | null',
      dates: 'string[]',
      details: 'unknown',
      labels: 'string[] | null',
      level: '"a" | "b" | 1 | null',
      meta: 'VersoJsonObject | null',
      note: 'string | null',
      shape: 'unknown',
      featured: 'boolean | null',
      city: '"Berlin" | "Hamburg" | null',
      summary: 'string | null',
      hero: 'string | null',
      speaker: 'Speaker | null',
      venue: 'VenueComponent | null',
    });
    expect(members(text, 'VenueComponent')).to.deep.equal({ name: 'string', capacity: 'number | null', opens: 'string | null' });
    // The doc comments say the formats.
    expect(text).to.include('/** Event date. A calendar date, ISO `YYYY-MM-DD`. */\n  eventDate: string;');
    expect(text).to.include('/** Starts at. An instant, RFC 3339 in UTC (`2026-12-24T17:00:00.000Z`). */\n  startsAt: string | null;');
    expect(text).to.include('/** Price: In euros. A number (at least 0, at most 1000, 2 decimals at most). */\n  price: number | null;');
    expect(text).to.include('/** Seats. A number (an integer). */');
    expect(text).to.include('/** Details. Any JSON value. */');
    expect(text).to.include("/** Labels. A JSON value that meets the field's JSON Schema. */");
    expect(text).to.include('{ key: "startsAt", type: "DateTime", list: false },');
    expect(text).to.include('{ key: "details", type: "Json", list: false },');
  });

  it('writes each template\'s filterable fields with their type and operand type (not Media, Json or Component ones)', () => {
    expect(filterEntry(text, 'event')).to.deep.equal({
      title: 'VersoFilterField<"Text", string>',
      price: 'VersoFilterField<"Number", number>',
      seats: 'VersoFilterField<"Number", number>',
      eventDate: 'VersoFilterField<"Date", string>',
      startsAt: 'VersoFilterField<"DateTime", string | Date>',
      dates: 'VersoFilterField<"Date", string>',
      featured: 'VersoFilterField<"Boolean", boolean>',
      city: 'VersoFilterField<"PickList", "Berlin" | "Hamburg">',
      summary: 'VersoFilterField<"RichText", string>',
      speaker: 'VersoFilterField<"ChildContent", string>',
    });
    // Media, Json and Component fields cannot be filtered or sorted by: they are not listed.
    expect(filterEntry(text, 'speaker')).to.deep.equal({ name: 'VersoFilterField<"Text", string>' });
  });

  it('tsc compiles the module with typed queries on listContent and listAll and toContent giving the new types; every @ts-expect-error line is an error', async () => {
    fs.writeFileSync(path.join(tmp, 'src/use.ts'), USE_SITE);
    fs.writeFileSync(path.join(tmp, 'src/wrong.ts'), WRONG);
    // An unused @ts-expect-error is itself an error (TS2578): this compiles only if each marked line fails.
    const result = await tsc(tmp, ['src/verso-content.ts', 'src/use.ts', 'src/wrong.ts']);
    expect(result.ok, result.out).to.equal(true);
  });

  it('the marked lines fail without their directives (a wrong key, a string for a Number field, an unsupported op, an unsortable sort …)', async () => {
    fs.writeFileSync(path.join(tmp, 'src/wrong.ts'), WRONG.replace(/^\/\/ @ts-expect-error .*\n/gm, ''));
    const bare = await tsc(tmp, ['src/verso-content.ts', 'src/wrong.ts']);
    expect(bare.ok).to.equal(false);
    const errorLines = new Set([...bare.out.matchAll(/wrong\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    expect(errorLines.size, bare.out).to.equal(WRONG_QUERIES.length + 3);
  });

  it('toContent gives numberValue as a number, dateValue and dateTimeValue as strings, jsonValue as is', () => {
    const versoContentModel: VersoContentModel<{ event: Record<string, unknown> }> = { templates: { event: { fields: [
      { key: 'price', type: 'Number', list: false },
      { key: 'eventDate', type: 'Date', list: false },
      { key: 'startsAt', type: 'DateTime', list: false },
      { key: 'dates', type: 'Date', list: true },
      { key: 'details', type: 'Json', list: false },
      { key: 'empty', type: 'Number', list: false },
    ] } }, components: {} };
    const value = (key: string, order: number, v: Record<string, unknown>) => ({
      fieldId: id(1), key, label: key, order, textValue: null, boolValue: null, mediaAssetId: null, fileAssetId: null, childContentItemId: null, child: null, jsonValue: null,
      numberValue: null, dateValue: null, dateTimeValue: null, displayLabel: null, valueKind: 'Text' as const, ...v,
    });
    const version = {
      templateSlug: 'event',
      fields: [
        value('price', 0, { valueKind: 'Number', numberValue: 12.5 }),
        value('eventDate', 0, { valueKind: 'Date', dateValue: '2026-12-24' }),
        value('startsAt', 0, { valueKind: 'DateTime', dateTimeValue: '2026-12-24T17:00:00.000Z' }),
        value('dates', 1, { valueKind: 'Date', dateValue: '2027-01-02' }),
        value('dates', 0, { valueKind: 'Date', dateValue: '2026-12-31' }),
        value('details', 0, { valueKind: 'Json', jsonValue: { tiers: [1, 2], open: true } }),
      ],
    };
    const expected = { price: 12.5, eventDate: '2026-12-24', startsAt: '2026-12-24T17:00:00.000Z', dates: ['2026-12-31', '2027-01-02'], details: { tiers: [1, 2], open: true }, empty: null };
    expect(toContent(version as never, versoContentModel, 'event')).to.deep.equal(expected);
    // Without a model too.
    const { empty: _empty, ...untyped } = expected;
    expect(toContent(version as never)).to.deep.equal(untyped);
    // A Json value that is not an object (a list, a number, false) comes as it is.
    const list = { templateSlug: 'event', fields: [value('details', 0, { valueKind: 'Json', jsonValue: [1, 'two'] })] };
    expect(toContent(list as never)).to.deep.equal({ details: [1, 'two'] });
    const falsy = { templateSlug: 'event', fields: [value('details', 0, { valueKind: 'Json', jsonValue: false }), value('price', 0, { valueKind: 'Number', numberValue: 0 })] };
    expect(toContent(falsy as never)).to.deep.equal({ details: false, price: 0 });
  });
});
