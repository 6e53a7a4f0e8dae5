// Workspace locales and translation groups for the localization suites: the locales are saved
// through the API (PUT …/locales with the ETag a GET gives), and members of a group are items made
// through the API with a locale and a shared translation group id.
import { randomUUID } from 'node:crypto';
import { expectStatus, newVersion, publishNow, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

export interface LocaleDefinition {
  readonly code: string;
  readonly name?: string;
  readonly fallback?: readonly string[];
}

/** Saves the workspace's locales (the first is the default unless `defaultLocale` says otherwise). */
export async function configureLocales(w: ContentWorld, locales: readonly LocaleDefinition[], defaultLocale: string | null = locales[0]?.code ?? null) {
  const path = `${w.base}/locales`;
  const headers = await w.api.ifMatch(path, w.reviewer);
  const res = await w.api.put(
    path,
    { defaultLocale, locales: locales.map((l) => ({ code: l.code, name: l.name ?? l.code, fallback: l.fallback ?? [] })) },
    { token: w.reviewer, headers },
  );
  expectStatus(res, 200);
  return res.body;
}

/** A new translation group id (any fresh id names a group). */
export const newGroup = (): string => randomUUID();

export interface MemberSpec {
  readonly name: string;
  readonly locale: string | null;
  readonly group?: string | null;
  readonly slug?: string;
  /** Child items named by the person's open `friends` field. */
  readonly friends?: readonly string[];
  /** Publish version 1 (default true); false leaves it a Draft. */
  readonly publish?: boolean;
  /** An effective window: version 2 carries it (and is the one published), version 1 stays a Draft. */
  readonly window?: { readonly start: string; readonly end: string };
}

/** A person item (the fixture's Person template) in `locale`, in translation group `group`, published unless asked not to be. */
export async function member(w: ContentWorld, spec: MemberSpec): Promise<{ id: string; slug: string }> {
  const fields = [
    text(w.model.person.fields.name!, spec.name),
    ...(spec.friends ?? []).map((id, i) => ({ fieldId: w.model.person.fields.friends!, order: i, valueKind: 'ChildContent', childContentItemId: id })),
  ];
  const res = await w.api.post(
    `${w.base}/content`,
    { templateVersionId: w.model.person.versionId, slug: spec.slug ?? uniqueSlug('person'), localeCode: spec.locale, translationGroupId: spec.group ?? null, tags: [], fields },
    { token: w.editor },
  );
  expectStatus(res, 201);
  if (spec.window) {
    // Version 1 stays a Draft; version 2 carries the window and is the one published.
    await newVersion(w, res.body.id, { effectiveStartAt: spec.window.start, effectiveEndAt: spec.window.end, fields });
    if (spec.publish !== false) await publishNow(w, res.body.id, 2);
  } else if (spec.publish !== false) await publishNow(w, res.body.id, 1);
  return { id: res.body.id, slug: res.body.slug };
}
