// Typed field queries end to end: a workspace modelled through the SDK with an event template holding
// the four new types (Number, Date, DateTime, Json) beside Text, RichText, Boolean, PickList and an
// author reference; eleven events published; contentQuery's filters and sorts run against the real
// API (listContent and the paged listAll) and answer exactly the events this file names; a filter the
// server refuses comes back as a VersoApiError naming the parameter; verso-typegen on the same
// workspace writes the types and filters the same query compiles against, and toContent reads the
// typed values back as numbers, ISO strings and JSON.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createActor } from '../../../test/helpers/actors.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { contentQuery, toContent, VersoApiError, VersoClient, type ContentListQuery, type OperationInput, type VersoContentModel } from '../../src/index.js';
import { main } from '../../src/typegen/cli.js';
import { buildTemplate, type Built } from '../content/typed-world.js';
import { tsc } from '../support/tsc.js';

type ValueBody = NonNullable<OperationInput<'createContent'>['body']['fields']>[number];

interface EventData {
  price?: number;
  eventDate?: string;
  startsAt?: string;
  author: 'ada' | 'bob';
  featured: boolean;
  city: 'Berlin' | 'Hamburg' | 'Munich';
  summary?: string;
  details?: Record<string, unknown>;
}

// Prices are distinct (so a price sort has one right order without ties); one event has no price
// and one no date (missing values sort last both ways).
const EVENTS: Record<string, EventData> = {
  alpha: { price: 10, eventDate: '2026-12-01', startsAt: '2026-12-01T18:00:00+01:00', author: 'ada', featured: true, city: 'Berlin', summary: '<p>Jazz</p>', details: { tier: 1, tags: ['jazz'] } },
  bravo: { price: 20, eventDate: '2026-12-24', startsAt: '2026-12-24T17:00:00Z', author: 'bob', featured: false, city: 'Hamburg' },
  charlie: { price: 15.5, eventDate: '2026-12-10', startsAt: '2026-12-10T09:30:00.250Z', author: 'ada', featured: true, city: 'Hamburg', summary: '<p>Blues</p>' },
  delta: { price: 25, eventDate: '2026-11-30', author: 'ada', featured: true, city: 'Berlin', summary: '<p>Rock</p>' },
  echo: { price: 9.99, eventDate: '2027-01-05', author: 'ada', featured: true, city: 'Berlin', summary: '<p>Folk</p>' },
  foxtrot: { eventDate: '2026-12-15', author: 'ada', featured: true, city: 'Berlin', summary: '<p>Soul</p>' },
  golf: { price: 12, author: 'ada', featured: true, city: 'Berlin', summary: '<p>Funk</p>' },
  hotel: { price: 18, eventDate: '2026-12-20', author: 'ada', featured: true, city: 'Munich', summary: '<p>Pop</p>' },
  india: { price: 11, eventDate: '2026-12-05', author: 'ada', featured: false, city: 'Berlin', summary: '<p>Punk</p>' },
  juliet: { price: 19, eventDate: '2026-12-31', author: 'ada', featured: true, city: 'Hamburg' },
  kilo: { price: 17, eventDate: '2026-12-31', author: 'ada', featured: true, city: 'Berlin', summary: '<p>Swing</p>' },
};

describe('typed field queries against the real API (contentQuery, listAll, verso-typegen)', function () {
  this.timeout(180_000);
  let api: TestApi;
  let client: VersoClient;
  let token: string;
  let workspaceId: string;
  let event: Built;
  let eventSlug: string;
  const people: Record<'ada' | 'bob', string> = { ada: '', bob: '' };
  const slugOf = new Map<string, string>(); // item id → event name
  let tmp: string;
  let suffix: string;

  async function publish(template: Built, slug: string, fields: ValueBody[]): Promise<string> {
    const item = await client.createContent({ path: { workspaceId }, body: { templateVersionId: template.versionId, slug, tags: [], fields } });
    await client.publishContentVersion({ path: { workspaceId, id: item.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    return item.id;
  }

  function values(e: EventData, name: string): ValueBody[] {
    const f = event.fields;
    const v = (key: string, value: Omit<ValueBody, 'fieldId' | 'order'>): ValueBody => ({ fieldId: f[key]!, order: 0, ...value }) as ValueBody;
    const out: ValueBody[] = [v('title', { valueKind: 'Text', textValue: name[0]!.toUpperCase() + name.slice(1) })];
    if (e.price !== undefined) out.push(v('price', { valueKind: 'Number', numberValue: e.price }));
    if (e.eventDate !== undefined) out.push(v('eventDate', { valueKind: 'Date', dateValue: e.eventDate }));
    if (e.startsAt !== undefined) out.push(v('startsAt', { valueKind: 'DateTime', dateTimeValue: e.startsAt }));
    if (e.summary !== undefined) out.push(v('summary', { valueKind: 'RichText', textValue: e.summary }));
    if (e.details !== undefined) out.push(v('details', { valueKind: 'Json', jsonValue: e.details }));
    out.push(v('featured', { valueKind: 'Boolean', boolValue: e.featured }));
    out.push(v('city', { valueKind: 'PickList', textValue: e.city }));
    out.push(v('author', { valueKind: 'ChildContent', childContentItemId: people[e.author] }));
    return out;
  }

  before(async () => {
    api = await startTestApi();
    ({ token } = await createActor(api, { role: 'Admin', superadmin: true }));
    client = new VersoClient({ baseUrl: api.url, token });
    suffix = Math.random().toString(36).slice(2, 8);
    workspaceId = (await client.createWorkspace({ body: { name: `Queries ${suffix}`, slug: `queries-${suffix}` } })).id;
    const cities = await client.createPickList({
      path: { workspaceId },
      body: { name: 'City', slug: `city-${suffix}`, options: [{ label: 'Berlin', value: 'Berlin' }, { label: 'Hamburg', value: 'Hamburg' }, { label: 'Munich', value: 'Munich' }] },
    });
    const author = await buildTemplate(client, workspaceId, 'Author', `author-${suffix}`, [
      { key: 'name', label: 'Name', order: 0, compositionMode: 'Inline', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    ]);
    eventSlug = `event-${suffix}`;
    type FieldBody = OperationInput<'createTemplateField'>['body'];
    const f = (key: string, label: string, rest: Partial<FieldBody>): FieldBody => ({ key, label, order: 0, compositionMode: 'Inline', maxOccurrences: 1, ...rest }) as FieldBody;
    event = await buildTemplate(client, workspaceId, 'Event', eventSlug, [
      f('title', 'Title', { primitiveType: 'Text', isRequired: true, minOccurrences: 1 }),
      f('price', 'Price', { primitiveType: 'Number', fieldConfig: { min: 0, decimals: 2 } }),
      f('eventDate', 'Event date', { primitiveType: 'Date' }),
      f('startsAt', 'Starts at', { primitiveType: 'DateTime' }),
      f('summary', 'Summary', { primitiveType: 'RichText' }),
      f('details', 'Details', { primitiveType: 'Json', fieldConfig: { schema: { type: 'object' } } }),
      f('featured', 'Featured', { primitiveType: 'Boolean' }),
      f('city', 'City', { primitiveType: 'PickList', picklistId: cities.id, picklistRevisionId: cities.revisionId }),
      f('author', 'Author', { templateId: author.templateId, compositionMode: 'Reference' }),
    ].map((x, order) => ({ ...x, order })));
    people.ada = await publish(author, `ada-${suffix}`, [{ fieldId: author.fields.name!, order: 0, valueKind: 'Text', textValue: 'Ada' }]);
    people.bob = await publish(author, `bob-${suffix}`, [{ fieldId: author.fields.name!, order: 0, valueKind: 'Text', textValue: 'Bob' }]);
    for (const [name, e] of Object.entries(EVENTS)) slugOf.set(await publish(event, `${name}-${suffix}`, values(e, name)), name);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-field-queries-'));
  });
  after(async () => {
    await api?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The event names of one page of listContent for `query`. */
  async function names(query: ContentListQuery): Promise<string[]> {
    const page = await client.listContent({ path: { workspaceId }, query: contentQuery(query) });
    return page.items.map((i) => slugOf.get(i.id) ?? i.id);
  }

  /** The event names of every page (listAll), `pageSize` at a time. */
  async function allNames(query: ContentListQuery): Promise<string[]> {
    const out: string[] = [];
    for await (const item of client.listAll('listContent', { path: { workspaceId }, query: contentQuery(query) })) out.push(slugOf.get(item.id) ?? item.id);
    return out;
  }

  it('the brief query: a price range, dates from a day on, one author, featured, two cities, with a summary, latest first', async () => {
    const query = {
      templateId: event.templateId,
      resolve: true,
      filter: {
        price: { gte: 10, lte: 20 },
        eventDate: { gte: '2026-12-01' },
        author: { eq: people.ada },
        featured: { eq: true },
        city: { in: ['Berlin', 'Hamburg'] },
        summary: { exists: true },
      },
      sort: '-eventDate',
    } satisfies ContentListQuery;
    expect(await names(query)).to.deep.equal(['kilo', 'charlie', 'alpha']);
    // The plain (unresolved) list answers the same events.
    expect(await names({ ...query, resolve: false })).to.deep.equal(['kilo', 'charlie', 'alpha']);
  });

  it('sorts by a Number field both ways through every page, items without a value last', async () => {
    const base = { templateId: event.templateId, resolve: true, pageSize: 3 };
    expect(await allNames({ ...base, sort: 'price' })).to.deep.equal(['echo', 'alpha', 'india', 'golf', 'charlie', 'kilo', 'hotel', 'juliet', 'bravo', 'delta', 'foxtrot']);
    expect(await allNames({ ...base, sort: '-price' })).to.deep.equal(['delta', 'bravo', 'juliet', 'hotel', 'kilo', 'charlie', 'golf', 'india', 'alpha', 'echo', 'foxtrot']);
  });

  it('compares numbers as numbers, instants as instants (Date objects too), booleans, and lists with in', async () => {
    const t = event.templateId;
    expect(await names({ templateId: t, filter: { price: { lt: 10 } }, sort: 'price' })).to.deep.equal(['echo']);
    expect(await names({ templateId: t, filter: { price: { in: [10, 15.5, 99] } }, sort: 'price' })).to.deep.equal(['alpha', 'charlie']);
    expect(await names({ templateId: t, filter: { price: { exists: false } } })).to.deep.equal(['foxtrot']);
    // 18:00+01:00 is 17:00Z: the same instant as the lower bound, written differently.
    const instants = { startsAt: { gte: new Date('2026-12-01T17:00:00Z'), lt: '2026-12-24T18:00:00+01:00' } };
    expect(await names({ templateId: t, filter: instants, sort: 'startsAt' })).to.deep.equal(['alpha', 'charlie']);
    expect(await names({ templateId: t, filter: { featured: { eq: false } }, sort: 'slug' })).to.deep.equal(['bravo', 'india']);
    expect(await names({ templateId: t, filter: { eventDate: { gt: '2026-12-24' }, city: { ne: 'Berlin' } }, sort: '-title' })).to.deep.equal(['juliet']);
    expect(await names({ templateId: t, filter: { author: { in: [people.bob] } } })).to.deep.equal(['bravo']);
  });

  it('a filter the server refuses is a VersoApiError naming the parameter and the reason', async () => {
    const error = await client
      .listContent({ path: { workspaceId }, query: contentQuery({ templateId: event.templateId, filter: { price: { contains: '1' }, eventDate: { gte: '2026-02-30' } } }) })
      .then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(VersoApiError);
    const e = error as VersoApiError;
    expect(e.status).to.equal(400);
    expect(Object.keys(e.fieldErrors).sort()).to.deep.equal(['query.filter[eventDate][gte]', 'query.filter[price][contains]']);
    expect(e.messagesFor('query.filter[eventDate][gte]')).to.deep.equal(['Must be a real calendar date such as 2026-12-24.']);
  });

  it('verso-typegen writes the event\'s types and filters; the same query compiles against them and toContent reads the typed values', async () => {
    const io = { out: () => undefined, err: (t: string) => void (errors += t), env: {}, cwd: tmp };
    let errors = '';
    const code = await main(['--base-url', api.url, '--token', token, '--workspace', workspaceId, '--out', 'src/verso-content.ts'], io);
    expect(code, errors).to.equal(0);
    const generated = fs.readFileSync(path.join(tmp, 'src/verso-content.ts'), 'utf8');
    const Event = /export interface (Event\w*) \{/.exec(generated)?.[1];
    const body = new RegExp(`export interface ${Event} \\{([\\s\\S]*?)\\n\\}`).exec(generated)?.[1] ?? '';
    const members = Object.fromEntries(body.split('\n').filter((l) => /^ {2}\w/.test(l)).map((l) => l.trim().replace(/;$/, '').split(/: (.*)/s).slice(0, 2)));
    expect(members).to.deep.equal({
      title: 'string',
      price: 'number | null',
      eventDate: 'string | null',
      startsAt: 'string | null',
      summary: 'string | null',
      details: 'VersoJsonObject | null',
      featured: 'boolean | null',
      city: '"Berlin" | "Hamburg" | "Munich" | null',
      author: `${/export interface (Author\w*) \{/.exec(generated)?.[1]} | null`,
    });
    expect(generated).to.include(`  "${eventSlug}": {\n    title: VersoFilterField<"Text", string>;\n    price: VersoFilterField<"Number", number>;\n    eventDate: VersoFilterField<"Date", string>;\n    startsAt: VersoFilterField<"DateTime", string | Date>;\n    summary: VersoFilterField<"RichText", string>;\n    featured: VersoFilterField<"Boolean", boolean>;\n    city: VersoFilterField<"PickList", "Berlin" | "Hamburg" | "Munich">;\n    author: VersoFilterField<"ChildContent", string>;\n  };`);

    fs.writeFileSync(
      path.join(tmp, 'src/site.ts'),
      `import { contentQuery, type VersoClient } from '@verso/sdk';
import type { VersoContentFilters } from './verso-content.js';
type Events = VersoContentFilters['${eventSlug}'];
export function upcoming(verso: VersoClient, workspaceId: string, templateId: string, authorId: string) {
  return verso.listAll('listContent', {
    path: { workspaceId },
    query: contentQuery<Events>({
      templateId,
      resolve: true,
      filter: { price: { gte: 10, lte: 20 }, eventDate: { gte: '2026-12-01' }, author: { eq: authorId }, featured: { eq: true }, city: { in: ['Berlin', 'Hamburg'] }, summary: { exists: true } },
      sort: '-eventDate',
    }),
  });
}
// @ts-expect-error the price is a Number field: a string does not compile
contentQuery<Events>({ templateId: 'x', filter: { price: { gte: '10' } } });
// @ts-expect-error a Json field cannot be filtered by
contentQuery<Events>({ templateId: 'x', filter: { details: { exists: true } } });
`,
    );
    const compiled = await tsc(tmp, ['src/verso-content.ts', 'src/site.ts']);
    expect(compiled.ok, compiled.out).to.equal(true);

    const mod = (await import(pathToFileURL(path.join(tmp, 'src/verso-content.ts')).href)) as { versoContentModel: VersoContentModel };
    const version = await client.getContentBySlug({ path: { workspaceId, slug: `alpha-${suffix}` } });
    const content = toContent(version, mod.versoContentModel, eventSlug) as Record<string, unknown>;
    expect(content).to.deep.include({
      title: 'Alpha',
      price: 10,
      eventDate: '2026-12-01',
      startsAt: '2026-12-01T17:00:00.000Z', // answered in UTC
      summary: '<p>Jazz</p>',
      details: { tier: 1, tags: ['jazz'] },
      featured: true,
      city: 'Berlin',
    });
  });
});
