// A published template version as a JSON Schema of the draft an agent writes against it: the body of
// createContent, whose `fields` list holds one entry per value (the field's id, its value kind, the
// one member that kind uses, an order). It knows what verso-typegen knows — each field's key, label,
// help, type, occurrences and the type's settings — and says it in the form the API takes, so an
// agent can write a valid draft the first time. Built here from the API's own answers, not taken
// from the SDK.
import type { TemplateFieldResponse, TemplateResponse, TemplateVersionResponse } from '../generated/schemas.js';

type JsonSchema = Record<string, unknown>;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The member of a field value each kind uses (ContentFieldValueRequest) and its schema. */
function valueMember(kind: string, config: Readonly<Record<string, unknown>>): [string, JsonSchema] {
  switch (kind) {
    case 'Text':
      return ['textValue', { type: 'string', ...(typeof config.maxLength === 'number' ? { maxLength: config.maxLength } : {}) }];
    case 'RichText':
    case 'Markdown':
    case 'Link':
    case 'Quote':
      return ['textValue', { type: 'string' }];
    case 'PickList':
      return ['textValue', { type: 'string', description: "One of the picklist's option values." }];
    case 'Boolean':
      return ['boolValue', { type: 'boolean' }];
    case 'Media':
      return ['mediaAssetId', { type: 'string', format: 'uuid', description: 'An uploaded asset of this workspace (listMedia).' }];
    case 'File':
      return ['fileAssetId', { type: 'string', format: 'uuid', description: 'An uploaded asset of this workspace (listMedia).' }];
    case 'ChildContent':
      return ['childContentItemId', { type: 'string', format: 'uuid', description: 'A content item of this workspace.' }];
    case 'Component':
      return ['jsonValue', { type: 'object', description: "The component's values, keyed by the component's field keys (getComponent)." }];
    case 'Number':
      return [
        'numberValue',
        {
          type: config.integer === true ? 'integer' : 'number',
          ...(typeof config.min === 'number' ? { minimum: config.min } : {}),
          ...(typeof config.max === 'number' ? { maximum: config.max } : {}),
        },
      ];
    case 'Date':
      return ['dateValue', { type: 'string', format: 'date' }];
    case 'DateTime':
      return ['dateTimeValue', { type: 'string', format: 'date-time', description: 'An RFC 3339 instant with its offset.' }];
    default:
      // Json: the field's own JSON Schema when it has one.
      return ['jsonValue', isRecord(config.schema) ? config.schema : {}];
  }
}

/** The value kinds a field takes: its primitive type, Component, or ChildContent (and an open field's allowed primitives). */
function kindsOf(f: TemplateFieldResponse): string[] {
  if (f.componentId) return ['Component'];
  if (f.primitiveType === 'Separator') return [];
  if (f.primitiveType) return [f.primitiveType];
  const primitives = f.allowedTypes.map((a) => a.primitiveType).filter((t): t is NonNullable<typeof t> => !!t && t !== 'Separator');
  return ['ChildContent', ...new Set(primitives)];
}

function occurrences(f: TemplateFieldResponse): string {
  const required = f.isRequired || f.minOccurrences > 0;
  const min = Math.max(f.minOccurrences, required ? 1 : 0);
  const at = required ? `required when the draft is submitted (at least ${min} value${min === 1 ? '' : 's'})` : 'optional';
  const most = f.maxOccurrences === null ? 'any number of values' : `at most ${f.maxOccurrences} value${f.maxOccurrences === 1 ? '' : 's'}`;
  return `${at}; ${most}, one entry each, numbered by \`order\` from 0`;
}

function fieldVariants(f: TemplateFieldResponse): JsonSchema[] {
  const said = f.helpText ? `${f.label}: ${f.helpText}` : f.label;
  return kindsOf(f).map((kind) => {
    const [member, schema] = valueMember(kind, f.fieldConfig);
    return {
      title: f.key,
      description: `${said}${/[.!?]$/.test(said) ? '' : '.'} ${kind}, ${occurrences(f)}.`,
      type: 'object',
      required: ['fieldId', 'order', 'valueKind', member],
      properties: {
        fieldId: { const: f.id },
        order: { type: 'integer', minimum: 0, ...(f.maxOccurrences !== null ? { maximum: Math.max(0, f.maxOccurrences - 1) } : {}) },
        valueKind: { const: kind },
        [member]: schema,
      },
    };
  });
}

export function templateContentSchema(uri: string, template: TemplateResponse, version: TemplateVersionResponse): JsonSchema {
  const variants = version.fields.flatMap(fieldVariants);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: uri,
    title: `${template.name}: a draft's content`,
    description:
      `The body of createContent for the template "${template.name}" (${template.slug}), published version ${version.versionNumber}; ` +
      'createContentVersion and updateContentVersion take the same `fields`. Required fields may stay empty in a Draft: ' +
      'they are checked when it is submitted.',
    type: 'object',
    required: ['templateVersionId'],
    properties: {
      templateVersionId: { const: version.id },
      slug: { type: ['string', 'null'], description: 'Lower-case words joined by hyphens; unique in the workspace.' },
      localeCode: { type: ['string', 'null'], description: "One of the workspace's locales, when it configures any." },
      tags: { type: 'array', items: { type: 'string' } },
      fields: variants.length > 0 ? { type: 'array', items: { oneOf: variants } } : { type: 'array', maxItems: 0 },
    },
  };
}
