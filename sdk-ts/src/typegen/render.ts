// Writes the TypeScript module verso-typegen outputs for a workspace's published model: one
// interface per template and per component, `VersoContentTypes` (template slug → interface) and
// `versoContentModel`, the descriptor toContent needs at run time. Pure and deterministic (sorted
// by slug, no timestamps), so the output can be committed and diffed.
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

const RESERVED = new Set(['VersoChild', 'VersoContentModel', 'VersoJsonObject', 'VersoUntypedContent', 'VersoContentTypes', 'versoContentModel']);

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

  primitive(type: string, picklistRevisionId: string | null): string {
    switch (type) {
      case 'Boolean':
        return 'boolean';
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

  /** A template field's element type and descriptor (undefined for a Separator). */
  templateField(f: TemplateField): { type: string; descriptor: VersoFieldDescriptor } | undefined {
    const list = repeats(f, true);
    if (f.componentId) {
      const component = this.model.components.get(f.componentId);
      return { type: this.componentName(f.componentId) ?? this.#use('VersoJsonObject'), descriptor: { key: f.key, type: 'Component', list, ...(component ? { component: component.slug } : {}) } };
    }
    if (f.primitiveType === 'Separator') return undefined;
    if (f.primitiveType) return { type: this.primitive(f.primitiveType, f.picklistRevisionId), descriptor: { key: f.key, type: f.primitiveType, list } };
    if (f.templateId && !f.isOpen) {
      // A child is null when not expanded, past the depth bound, or serving nothing at that instant.
      return { type: `${this.templateName(f.templateId) ?? this.#use('VersoUntypedContent')} | null`, descriptor: { key: f.key, type: 'Child', list } };
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
    return { type: [...new Set(members)].join(' | '), descriptor: { key: f.key, type: 'Open', list } };
  }

  componentField(f: ComponentField): { type: string; descriptor: VersoFieldDescriptor } | undefined {
    const list = repeats(f, false);
    if (f.nestedComponentId) {
      const component = this.model.components.get(f.nestedComponentId);
      return { type: this.componentName(f.nestedComponentId) ?? this.#use('VersoJsonObject'), descriptor: { key: f.key, type: 'Component', list, ...(component ? { component: component.slug } : {}) } };
    }
    if (!f.primitiveType || f.primitiveType === 'Separator') return undefined;
    return { type: this.primitive(f.primitiveType, f.picklistRevisionId), descriptor: { key: f.key, type: f.primitiveType, list } };
  }
}

function member(f: { key: string; label: string; helpText: string | null }, type: string, list: boolean, isRequired: boolean): string {
  const doc = comment(f.helpText ? `${f.label}: ${f.helpText}` : f.label);
  const wrapped = list ? (/[|&]/.test(type) ? `(${type})[]` : `${type}[]`) : isRequired || type.endsWith('| null') ? type : `${type} | null`;
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

/** One template's or component's interface, and its entry in versoContentModel. */
function renderType<F extends { key: string; label: string; helpText: string | null; isRequired: boolean; minOccurrences: number }>(
  heading: string,
  name: string | undefined,
  slug: string,
  fields: readonly F[],
  typed: (f: F) => { type: string; descriptor: VersoFieldDescriptor } | undefined,
): { block: string; descriptors: string } {
  const rows: string[] = [];
  const descriptors: VersoFieldDescriptor[] = [];
  for (const f of fields) {
    const field = typed(f);
    if (!field) continue;
    rows.push(member(f, field.type, field.descriptor.list, required(f)));
    descriptors.push(field.descriptor);
  }
  return {
    block: `/** ${heading} */\nexport interface ${name} {\n${rows.join('\n')}${rows.length ? '\n' : ''}}`,
    descriptors: `    ${JSON.stringify(slug)}: {\n      fields: ${descriptorsLiteral(descriptors)},\n    },`,
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

  for (const c of comps) {
    const rendered = renderType(`Component "${comment(c.name)}" (${c.slug}), published version ${c.versionNumber}.`, r.componentName(c.id), c.slug, c.fields, (f) => r.componentField(f));
    blocks.push(rendered.block);
    componentDescriptors.push(rendered.descriptors);
  }
  for (const t of templates) {
    const rendered = renderType(`Template "${comment(t.name)}" (${t.slug}), published version ${t.versionNumber}.`, r.templateName(t.id), t.slug, t.fields, (f) => r.templateField(f));
    blocks.push(rendered.block);
    templateDescriptors.push(rendered.descriptors);
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
    '/** What toContent needs at run time to give a version exactly these shapes. */',
    'export const versoContentModel: VersoContentModel<VersoContentTypes> = {',
    `  templates: {\n${templateDescriptors.join('\n')}${templateDescriptors.length ? '\n' : ''}  },`,
    `  components: {\n${componentDescriptors.join('\n')}${componentDescriptors.length ? '\n' : ''}  },`,
    '};',
    '',
  ].join('\n');
}
