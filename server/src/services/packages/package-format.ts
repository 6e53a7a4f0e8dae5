// The package document (.ctp), as the contract's CtpPackage schema describes it. References
// between its parts are slugs; field keys identify fields across re-imports.
import type { CtpSection, CtpTemplate, CtpTemplateField, PackageImportResolutionsRequest } from '../../generated/schemas.js';

/** The resolutions of an import request with every member present (absent or null → none). */
export type Resolutions = { readonly [P in keyof PackageImportResolutionsRequest]-?: Readonly<NonNullable<PackageImportResolutionsRequest[P]>> };

/** Workspace-specific members never travel in a package's fieldConfig; a package's `picklistRef` moves to the field. */
const NON_PORTABLE_CONFIG = new Set(['picklistId', 'picklistRevisionId', 'picklistRef']);

export function portableConfig(config: Readonly<Record<string, unknown>> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config ?? {}).filter(([k]) => !NON_PORTABLE_CONFIG.has(k)));
}

/** A field's picklist reference: the member, or (as upstream packages write it) inside fieldConfig. */
export function picklistRefOf(field: { picklistRef?: string | null; fieldConfig?: Readonly<Record<string, unknown>> | null }): string | null {
  if (field.picklistRef) return field.picklistRef;
  const inConfig = field.fieldConfig?.picklistRef;
  return typeof inConfig === 'string' ? inConfig : null;
}

/** Every field of a template, root fields first, then each section's, with the section they sit in. */
export function templateFields(t: CtpTemplate): { field: CtpTemplateField; section: CtpSection | null; pointer: string }[] {
  return [
    ...t.fields.map((field, i) => ({ field, section: null, pointer: `fields/${i}` })),
    ...(t.sections ?? []).flatMap((section, s) =>
      section.fields.map((field, i) => ({ field, section, pointer: `sections/${s}/fields/${i}` })),
    ),
  ];
}

/** Compares dotted numeric versions (`1.10.0` > `1.9.3`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** JSON with object keys sorted, so two equal structures compare equal as strings. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
