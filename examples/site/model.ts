// The example's content model: one template, `article`, that seed.ts creates through the API and
// the pages read. Field keys are the names the templates below use; change both together.

export const ARTICLE_TEMPLATE_SLUG = 'article';

export const ARTICLE_FIELDS = {
  title: 'title',
  body: 'body',
  hero: 'hero',
  related: 'related',
} as const;

/** The template's fields as createTemplateField takes them, in form order. */
export const ARTICLE_TEMPLATE_FIELDS = [
  { key: ARTICLE_FIELDS.title, label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1, compositionMode: 'Inline' },
  { key: ARTICLE_FIELDS.body, label: 'Body', primitiveType: 'Markdown', isRequired: false, minOccurrences: 0, maxOccurrences: 1, compositionMode: 'Inline' },
  { key: ARTICLE_FIELDS.hero, label: 'Hero image', primitiveType: 'Media', isRequired: false, minOccurrences: 0, maxOccurrences: 1, compositionMode: 'Inline' },
  // Related articles: other items, referenced (each stays its own item with its own editor), repeated.
  { key: ARTICLE_FIELDS.related, label: 'Related articles', isOpen: true, isRequired: false, minOccurrences: 0, compositionMode: 'Reference' },
] as const;
