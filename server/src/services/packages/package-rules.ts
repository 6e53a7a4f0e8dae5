// What the JSON Schema cannot say about a package: unique slugs and keys, references that resolve
// inside the package, the field-kind rules, no composition or nesting cycles, and an overall size
// limit. Every problem is reported at once (422 `validation-failed`, keyed by pointer); a package
// that fails changes nothing.
import { validationFailed, type ValidationErrors } from '../../errors.js';
import { addError, checkFieldConfig, checkSharedField } from '../model/field-rules.js';
import { findCycle } from '../model/template-graph.js';
import type { CtpComponentField, CtpPackage, CtpTemplateField } from '../../generated/schemas.js';
import { picklistRefOf, templateFields } from './package-format.js';

/** Fields across the whole package; the contract caps each list, this caps their sum. */
export const MAX_PACKAGE_FIELDS = 5000;

function checkUnique(errors: ValidationErrors, items: readonly { slug: string }[], at: string, what: string): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const key = item.slug.toLowerCase();
    if (seen.has(key)) addError(errors, `/${at}/${i}/slug`, `duplicates the slug of ${what} ${seen.get(key)}`);
    else seen.set(key, i);
  });
}

function checkBounds(errors: ValidationErrors, at: string, f: { minOccurrences?: number; maxOccurrences?: number | null }): void {
  if (f.maxOccurrences != null && f.maxOccurrences < (f.minOccurrences ?? 0)) {
    addError(errors, `${at}/maxOccurrences`, 'must be null (unbounded) or at least minOccurrences');
  }
}

/** The same fieldConfig rules as a field written through the API (model/field-rules.ts). */
function checkConfig(errors: ValidationErrors, at: string, f: { primitiveType?: string | null; label?: string; key?: string; fieldConfig?: Record<string, unknown> | null }): void {
  checkFieldConfig(errors, at, f.primitiveType ?? null, f.fieldConfig ?? {}, f.label || f.key);
}

function checkPickListRef(errors: ValidationErrors, at: string, f: CtpTemplateField | CtpComponentField, picklists: ReadonlySet<string>): void {
  const ref = picklistRefOf(f);
  if (f.primitiveType === 'PickList') {
    if (!ref) addError(errors, `${at}/picklistRef`, 'a PickList field must name a picklist of the package');
    else if (!picklists.has(ref)) addError(errors, `${at}/picklistRef`, `no picklist "${ref}" in the package`);
  } else if (ref) {
    addError(errors, `${at}/picklistRef`, 'only a PickList field binds a picklist');
  }
}

function cycleMessage(graph: Map<string, Set<string>>, kind: string): string | null {
  for (const node of graph.keys()) {
    const cycle = findCycle(graph, node, [...(graph.get(node) ?? [])]);
    if (cycle) return `${kind} references form a cycle: ${cycle.join(' → ')}`;
  }
  return null;
}

export function assertValidPackage(pkg: CtpPackage): void {
  const errors: ValidationErrors = {};
  const picklists = pkg.picklists ?? [];
  const components = pkg.components ?? [];
  if (pkg.versoPackage === '1.0' && (picklists.length > 0 || components.length > 0)) {
    addError(errors, '/versoPackage', 'format 1.0 carries templates only; use 1.1 for picklists and components');
  }
  checkUnique(errors, pkg.templates, 'templates', 'template');
  checkUnique(errors, picklists, 'picklists', 'picklist');
  checkUnique(errors, components, 'components', 'component');
  const templateSlugs = new Set(pkg.templates.map((t) => t.slug));
  const componentSlugs = new Set(components.map((c) => c.slug));
  const picklistSlugs = new Set(picklists.map((p) => p.slug));

  picklists.forEach((p, i) => {
    const values = new Map<string, number>();
    p.options.forEach((o, j) => {
      const v = o.value.trim().toLowerCase();
      if (values.has(v)) addError(errors, `/picklists/${i}/options/${j}/value`, `duplicates option ${values.get(v)} (values are case-insensitive)`);
      values.set(v, j);
    });
  });

  let total = 0;
  const templateGraph = new Map<string, Set<string>>();
  pkg.templates.forEach((t, ti) => {
    const keys = new Map<string, string>();
    const edges = new Set<string>();
    templateGraph.set(t.slug, edges);
    for (const { field: f, pointer } of templateFields(t)) {
      total++;
      const at = `/templates/${ti}/${pointer}`;
      const lower = f.key.toLowerCase();
      if (keys.has(lower)) addError(errors, `${at}/key`, `duplicates the key of /templates/${ti}/${keys.get(lower)} (keys are case-insensitive)`);
      keys.set(lower, pointer);
      const kinds = [f.primitiveType, f.templateRef, f.componentRef].filter((k) => k != null).length;
      if (f.isOpen) {
        if (kinds > 0) addError(errors, `${at}/isOpen`, 'an open field names no primitiveType, templateRef or componentRef');
        (f.allowedTypes ?? []).forEach((a, i) => {
          if (a.primitiveType) addError(errors, `${at}/allowedTypes/${i}/primitiveType`, 'an open field cannot allow a primitive type');
        });
      } else if (kinds !== 1) {
        addError(errors, `${at}/primitiveType`, 'a field needs exactly one of primitiveType, templateRef or componentRef');
      }
      (f.allowedTypes ?? []).forEach((a, i) => {
        if ((a.primitiveType == null) === (a.templateRef == null)) addError(errors, `${at}/allowedTypes/${i}`, 'names exactly one of primitiveType or templateRef');
        if (a.templateRef && !templateSlugs.has(a.templateRef)) addError(errors, `${at}/allowedTypes/${i}/templateRef`, `no template "${a.templateRef}" in the package`);
      });
      if (f.templateRef) {
        if (!templateSlugs.has(f.templateRef)) addError(errors, `${at}/templateRef`, `no template "${f.templateRef}" in the package`);
        edges.add(f.templateRef);
      }
      if (f.componentRef && !componentSlugs.has(f.componentRef)) addError(errors, `${at}/componentRef`, `no component "${f.componentRef}" in the package`);
      checkBounds(errors, at, f);
      checkSharedField(errors, at, { localized: f.localized, holdsChildItems: f.templateRef != null || (f.allowedTypes ?? []).some((a) => a.templateRef != null), name: f.label || f.key });
      checkConfig(errors, at, f);
      checkPickListRef(errors, at, f, picklistSlugs);
    }
    if (t.titleFieldKey != null && !templateFields(t).some(({ field: f }) => f.primitiveType === 'Text' && !f.isOpen && f.key.toLowerCase() === t.titleFieldKey!.toLowerCase())) {
      addError(errors, `/templates/${ti}/titleFieldKey`, `the template has no Text field with the key "${t.titleFieldKey}"; a title comes from a Text field`);
    }
  });

  const componentGraph = new Map<string, Set<string>>();
  components.forEach((c, ci) => {
    const keys = new Map<string, number>();
    const edges = new Set<string>();
    componentGraph.set(c.slug, edges);
    c.fields.forEach((f, fi) => {
      total++;
      const at = `/components/${ci}/fields/${fi}`;
      const lower = f.key.toLowerCase();
      if (keys.has(lower)) addError(errors, `${at}/key`, `duplicates the key of field ${keys.get(lower)} (keys are case-insensitive)`);
      keys.set(lower, fi);
      if ((f.primitiveType == null) === (f.componentRef == null)) addError(errors, `${at}/primitiveType`, 'a field needs exactly one of primitiveType or componentRef');
      if (f.componentRef) {
        if (!componentSlugs.has(f.componentRef)) addError(errors, `${at}/componentRef`, `no component "${f.componentRef}" in the package`);
        edges.add(f.componentRef);
      }
      checkBounds(errors, at, f);
      checkConfig(errors, at, f);
      checkPickListRef(errors, at, f, picklistSlugs);
    });
  });

  if (total > MAX_PACKAGE_FIELDS) addError(errors, '/templates', `the package has ${total} fields; at most ${MAX_PACKAGE_FIELDS} are accepted`);
  const templateCycle = cycleMessage(templateGraph, 'template');
  if (templateCycle) addError(errors, '/templates', templateCycle);
  const componentCycle = cycleMessage(componentGraph, 'component');
  if (componentCycle) addError(errors, '/components', componentCycle);
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The package is invalid; nothing was imported.');
}
