// Writes the TypeScript module verso-typegen outputs for a workspace's published model: one
// interface per template and per component, `VersoContentTypes` (template slug → interface) and
// `versoContentModel`, the descriptor toContent needs at run time, and `VersoContentFilters`
// (template slug → each field's type and operand type) that types contentQuery's filter and sort.
// Pure and deterministic (sorted by slug, no timestamps), so the output can be committed and diffed.
import type { VersoFieldDescriptor } from '../content/typed-content.js';
import type { ComponentField, PublishedComponent, PublishedTemplate, TemplateField, WorkspaceModel } from './read-model.js';

export interface RenderOptions {
  /** Where the generated file imports the SDK's types from (default "@verso/sdk"). */
  readonly sdkImport?: string;
  /** Said in the header (the API's base URL). */
  readonly source?: string;
}

/** Code-point order, the same on every machine (localeCompare depends on the locale's collation). */
const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

const RESERVED = new Set(['VersoChild', 'VersoContentModel', 'VersoFilterField', 'VersoJsonObject', 'VersoUntypedContent', 'VersoContentTypes', 'VersoContentFilters', 'versoContentModel']);

function pascal(slug: string): string {
  const name = slug
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Za-z_]/.test(name) ? name : `T${name}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const property = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));
const comment = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim();

/** Whether the property is an array: the field repeats (a PickList only when its picklist allows several choices). */
function repeats(f: { primitiveType: string | null; maxOccurrences: number | null; fieldConfig: Record<string, unknown> }, picklistCap: boolean): boolean {
  const many = f.maxOccurrences === null || f.maxOccurrences > 1;
  if (f.primitiveType === 'PickList') return f.fieldConfig.multiple === true && (picklistCap ? many : true);
  return many;
}

const required = (f: { isRequired: boolean; minOccurrences: number }) => f.isRequired || f.minOccurrences > 0;

/** The primitive types a list filters by (VersoFilterType); Media, File, Quote and Json fields are not. */
const FILTERABLE: ReadonlySet<string> = new Set(['Text', 'RichText', 'Markdown', 'Link', 'Boolean', 'PickList', 'Number', 'Date', 'DateTime']);

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A JSON value as a TypeScript literal type, when it is one. */
function literalType(x: unknown): string | undefined {
  if (typeof x === 'string' || typeof x === 'boolean' || x === null) return JSON.stringify(x);
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return undefined;
}

/** What a field's type says about its value, for the member's doc comment. */
function valueNote(type: string, config: Record<string, unknown>): string | undefined {
  switch (type) {
    case 'Number': {
      const rules = [config.integer === true ? 'an integer' : undefined, typeof config.min === 'number' ? `at least ${config.min}` : undefined, typeof config.max === 'number' ? `at most ${config.max}` : undefined, typeof config.decimals === 'number' ? `${config.decimals} decimals at most` : undefined].filter(Boolean);
      return `A number${rules.length ? ` (${rules.join(', ')})` : ''}.`;
    }
    case 'Date':
      return 'A calendar date, ISO `YYYY-MM-DD`.';
    case 'DateTime':
      return 'An instant, RFC 3339 in UTC (`2026-12-24T17:00:00.000Z`).';
    case 'Json':
      return isRecord(config.schema) ? "A JSON value that meets the field's JSON Schema." : 'Any JSON value.';
    default:
      return undefined;
  }
}

class Renderer {
  readonly #names = new Map<string, string>();
  readonly #used = new Set(RESERVED);
  readonly #imports = new Set<string>();
  readonly #templatesById: Map<string, PublishedTemplate>;

  constructor(readonly model: WorkspaceModel) {
    this.#templatesById = new Map(model.templates.map((t) => [t.id, t]));
    for (const t of [...model.templates].sort(bySlug)) this.#name(`t:${t.id}`, pascal(t.slug));
    for (const c of [...model.components.values()].sort(bySlug)) this.#name(`c:${c.id}`, `${pascal(c.slug)}Component`);
  }

  #name(id: string, wanted: string): void {
    let name = wanted;
    for (let n = 2; this.#used.has(name); n += 1) name = `${wanted}${n}`;
    this.#used.add(name);
    this.#names.set(id, name);
  }

  templateName(id: string | null): string | undefined {
    return id ? this.#names.get(`t:${id}`) : undefined;
  }

  componentName(id: string | null): string | undefined {
    return id ? this.#names.get(`c:${id}`) : undefined;
  }

  #use(name: string): string {
    this.#imports.add(name);
    return name;
  }

  get imports(): string[] {
    return [...this.#imports].sort();
  }

  /** A Json field's type from its JSON Schema when that is simple (types, enum, const, arrays of them), else unknown. */
  jsonSchemaType(schema: unknown, depth = 0): string {
    if (!isRecord(schema) || depth > 8) return 'unknown';
    if ('const' in schema) return literalType(schema.const) ?? 'unknown';
    if (Array.isArray(schema.enum)) {
      const literals = schema.enum.map(literalType);
      return literals.length > 0 && literals.every((l) => l !== undefined) ? [...new Set(literals)].join(' | ') : 'unknown';
    }
    const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
    const mapped = types.map((t: unknown) => {
      switch (t) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'object':
          return this.#use('VersoJsonObject');
        case 'array': {
          const item = this.jsonSchemaType(schema.items, depth + 1);
          return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
        }
        default:
          return undefined;
      }
    });
    return mapped.length > 0 && mapped.every((m) => m !== undefined) ? [...new Set(mapped)].join(' | ') : 'unknown';
  }

  primitive(type: string, picklistRevisionId: string | null, config: Record<string, unknown> = {}): string {
    switch (type) {
      case 'Boolean':
        return 'boolean';
      case 'Number':
        return 'number';
      case 'Json':
        return this.jsonSchemaType(config.schema);
      case 'PickList': {
        const options = picklistRevisionId ? this.model.picklistOptions.get(picklistRevisionId) : undefined;
        return options && options.length > 0 ? options.map((o) => JSON.stringify(o)).join(' | ') : 'string';
      }
      case 'Link':
      case 'Quote':
        return `string | ${this.#use('VersoJsonObject')}`;
      default:
        return 'string';
    }
  }

  /** A template field's element type, descriptor and query type (undefined for a Separator). */
  templateField(f: TemplateField): RenderedField | undefined {
    const list = repeats(f, true);
    if (f.componentId) {
      const component = this.model.components.get(f.componentId);
      const type = this.componentName(f.componentId) ?? this.#use('VersoJsonObject');
      return { type, descriptor: { key: f.key, type: 'Component', list, ...(component ? { component: component.slug } : {}) } };
    }
    if (f.primitiveType === 'Separator') return undefined;
    if (f.primitiveType) {
      const type = this.primitive(f.primitiveType, f.picklistRevisionId, f.fieldConfig);
      // A DateTime filter also takes a Date object (sent as its ISO instant).
      const operand = f.primitiveType === 'DateTime' ? 'string | Date' : type;
      const filter = FILTERABLE.has(f.primitiveType) ? this.#filter(f.primitiveType, operand) : undefined;
      return { type, descriptor: { key: f.key, type: f.primitiveType, list }, note: valueNote(f.primitiveType, f.fieldConfig), filter };
    }
    // A composition field is filtered and sorted by the child item's id.
    if (f.templateId && !f.isOpen) {
      // A child is null when not expanded, past the depth bound, or serving nothing at that instant.
      return { type: `${this.templateName(f.templateId) ?? this.#use('VersoUntypedContent')} | null`, descriptor: { key: f.key, type: 'Child', list }, filter: this.#filter('ChildContent', 'string') };
    }
    const members: string[] = [];
    for (const a of f.allowedTypes) {
      if (a.allowedTemplateId) {
        const t = this.#templatesById.get(a.allowedTemplateId);
        if (t) members.push(`${this.#use('VersoChild')}<${JSON.stringify(t.slug)}, ${this.templateName(t.id)}>`);
      } else if (a.primitiveType && a.primitiveType !== 'Separator') {
        members.push(this.primitive(a.primitiveType, null));
      }
    }
    // An open field without allowed templates takes a child of any template.
    if (!f.allowedTypes.some((a) => a.allowedTemplateId && this.#templatesById.has(a.allowedTemplateId))) members.push(this.#use('VersoChild'));
    members.push('null');
    // The list compares a field that may hold children by the child's id; one of several primitives not at all.
    const holdsChildren = f.isOpen || f.allowedTypes.some((a) => a.allowedTemplateId);
    return { type: [...new Set(members)].join(' | '), descriptor: { key: f.key, type: 'Open', list }, filter: holdsChildren ? this.#filter('ChildContent', 'string') : undefined };
  }

  componentField(f: ComponentField): RenderedField | undefined {
    const list = repeats(f, false);
    if (f.nestedComponentId) {
      const component = this.model.components.get(f.nestedComponentId);
      return { type: this.componentName(f.nestedComponentId) ?? this.#use('VersoJsonObject'), descriptor: { key: f.key, type: 'Component', list, ...(component ? { component: component.slug } : {}) } };
    }
    if (!f.primitiveType || f.primitiveType === 'Separator') return undefined;
    return { type: this.primitive(f.primitiveType, f.picklistRevisionId, f.fieldConfig), descriptor: { key: f.key, type: f.primitiveType, list }, note: valueNote(f.primitiveType, f.fieldConfig) };
  }

  #filter(type: string, operand: string): string {
    return `${this.#use('VersoFilterField')}<${JSON.stringify(type)}, ${operand}>`;
  }
}

interface RenderedField {
  /** The property's element type. */
  readonly type: string;
  readonly descriptor: VersoFieldDescriptor;
  /** What the type says about the value (a date's format …), appended to the doc comment. */
  readonly note?: string;
  /** The field's entry in VersoContentFilters (template fields only). */
  readonly filter?: string;
}

function member(f: { key: string; label: string; helpText: string | null }, type: string, list: boolean, isRequired: boolean, note: string | undefined): string {
  const said = f.helpText ? `${f.label}: ${f.helpText}` : f.label;
  const doc = comment(note ? `${said}${/[.!?]$/.test(said) ? '' : '.'} ${note}` : said);
  // `unknown` already holds null; a type that ends in null needs no second one.
  const nullable = isRequired || type === 'unknown' || /(^|\| )null$/.test(type);
  const wrapped = list ? (/[|&]/.test(type) ? `(${type})[]` : `${type}[]`) : nullable ? type : `${type} | null`;
  return `  /** ${doc} */\n  ${property(f.key)}: ${wrapped};`;
}

function descriptorsLiteral(descriptors: readonly VersoFieldDescriptor[]): string {
  if (descriptors.length === 0) return '[]';
  const rows = descriptors.map((d) => {
    const parts = [`key: ${JSON.stringify(d.key)}`, `type: ${JSON.stringify(d.type)}`, `list: ${d.list}`];
    if (d.component !== undefined) parts.push(`component: ${JSON.stringify(d.component)}`);
    return `        { ${parts.join(', ')} },`;
  });
  return `[\n${rows.join('\n')}\n      ]`;
}

/** A template field marked `localized: false` says so: its value is the translation group's, not the member's. */
function sharedNote(f: object): string | undefined {
  return (f as { localized?: unknown }).localized === false
    ? "Shared across translations: every member serves the value of its group's member in the default locale."
    : undefined;
}

function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const said = notes.filter((n): n is string => n !== undefined && n !== '');
  return said.length > 0 ? said.join(' ') : undefined;
}

/** One template's or component's interface, and its entry in versoContentModel. */
function renderType<F extends { key: string; label: string; helpText: string | null; isRequired: boolean; minOccurrences: number }>(
  heading: string,
  name: string | undefined,
  slug: string,
  fields: readonly F[],
  typed: (f: F) => RenderedField | undefined,
): { block: string; descriptors: string; filters: string } {
  const rows: string[] = [];
  const descriptors: VersoFieldDescriptor[] = [];
  const filters: string[] = [];
  for (const f of fields) {
    const field = typed(f);
    if (!field) continue;
    rows.push(member(f, field.type, field.descriptor.list, required(f), joinNotes(field.note, sharedNote(f))));
    descriptors.push(field.descriptor);
    if (field.filter) filters.push(`    ${property(f.key)}: ${field.filter};`);
  }
  return {
    block: `/** ${heading} */\nexport interface ${name} {\n${rows.join('\n')}${rows.length ? '\n' : ''}}`,
    descriptors: `    ${JSON.stringify(slug)}: {\n      fields: ${descriptorsLiteral(descriptors)},\n    },`,
    filters: `  ${JSON.stringify(slug)}: {${filters.length ? `\n${filters.join('\n')}\n  ` : ''}};`,
  };
}

/** The generated module's text. */
export function renderContentModule(model: WorkspaceModel, options: RenderOptions = {}): string {
  const r = new Renderer(model);
  const templates = [...model.templates].sort(bySlug);
  const comps: PublishedComponent[] = [...model.components.values()].sort(bySlug);
  const blocks: string[] = [];
  const templateDescriptors: string[] = [];
  const componentDescriptors: string[] = [];
  const templateFilters: string[] = [];

  for (const c of comps) {
    const rendered = renderType(`Component "${comment(c.name)}" (${c.slug}), published version ${c.versionNumber}.`, r.componentName(c.id), c.slug, c.fields, (f) => r.componentField(f));
    blocks.push(rendered.block);
    componentDescriptors.push(rendered.descriptors);
  }
  for (const t of templates) {
    const rendered = renderType(`Template "${comment(t.name)}" (${t.slug}), published version ${t.versionNumber}.`, r.templateName(t.id), t.slug, t.fields, (f) => r.templateField(f));
    blocks.push(rendered.block);
    templateDescriptors.push(rendered.descriptors);
    templateFilters.push(rendered.filters);
  }
  const typesMap = templates.map((t) => `  ${JSON.stringify(t.slug)}: ${r.templateName(t.id)};`);
  const imports = [...new Set([...r.imports, 'VersoContentModel'])].sort();
  const sdk = options.sdkImport ?? '@verso/sdk';
  return [
    `// Generated by verso-typegen from workspace "${comment(model.workspace.name)}" (${model.workspace.id})${options.source ? ` at ${comment(options.source)}` : ''}.`,
    '// Do not edit: publish the templates and components, then run verso-typegen again.',
    `import type { ${imports.join(', ')} } from ${JSON.stringify(sdk)};`,
    '',
    ...blocks.flatMap((b) => [b, '']),
    '/** Each published template\'s interface, by template slug (what toContent(version, versoContentModel, slug) returns). */',
    `export interface VersoContentTypes {\n${typesMap.join('\n')}${typesMap.length ? '\n' : ''}}`,
    '',
    '/**',
    " * Each published template's fields as list filters and sorts read them (the field's type, and the type of a value",
    ' * compared with it), by template slug: contentQuery<VersoContentFilters["<slug>"]>({ templateId, filter, sort }).',
    ' */',
    `export interface VersoContentFilters {\n${templateFilters.join('\n')}${templateFilters.length ? '\n' : ''}}`,
    '',
    '/** What toContent needs at run time to give a version exactly these shapes. */',
    'export const versoContentModel: VersoContentModel<VersoContentTypes> = {',
    `  templates: {\n${templateDescriptors.join('\n')}${templateDescriptors.length ? '\n' : ''}  },`,
    `  components: {\n${componentDescriptors.join('\n')}${componentDescriptors.length ? '\n' : ''}  },`,
    '};',
    '',
  ].join('\n');
}
