// Reading the package a user uploads: a `.json` file or pasted text, posted as multipart/form-data
// (the file input) or urlencoded (the textarea; public/library.js also reads a chosen file into it).
// Multipart bodies are parsed with the platform's own FormData parser (no new dependency) once
// Content-Length says they fit in 10 MiB. The app's CSRF middleware reads urlencoded bodies only and
// lets this route's multipart posts through (auth/csrf.ts MULTIPART_ROUTES), so the form's `_csrf`
// field is checked here, with the middleware's own check, before anything else in it is used.
import { Readable } from 'node:stream';
import type express from 'express';
import { checkCsrfToken } from '../../auth/csrf.js';
import { field } from '../../http/forms.js';

export const MAX_PACKAGE_BYTES = 10 * 1024 * 1024;

/** A refusal says why, with its status: 413 for a size that is missing or too large, 400 for a form that does not parse. */
export type UploadedText = { ok: true; text: string; fileName?: string } | { ok: false; message: string; status: 400 | 413 };

/** The package text of an import form post: the uploaded file when one was chosen, else the pasted text. */
export async function uploadedText(req: express.Request, res: express.Response): Promise<UploadedText> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return { ok: true, text: field(req, 'packageText') };
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length)) return { ok: false, message: 'The upload did not say how large it is; choose the file again and retry.', status: 413 };
  if (length > MAX_PACKAGE_BYTES) return { ok: false, message: 'The package is larger than 10 MiB.', status: 413 };
  let form: FormData;
  try {
    form = await new Response(Readable.toWeb(req) as ReadableStream<Uint8Array>, { headers: { 'content-type': type } }).formData();
  } catch {
    // A multipart type without a boundary, or a body that is not the form it claims: the client's
    // fault, so a 400 on the form, not an error of the admin (the platform's parser throws a TypeError).
    return { ok: false, message: 'The upload could not be read as a form; choose the file again and retry.', status: 400 };
  }
  const token = form.get('_csrf');
  checkCsrfToken(req, res, token);
  const file = form.get('packageFile');
  if (file instanceof File && file.size > 0) return { ok: true, text: await file.text(), fileName: file.name };
  const text = form.get('packageText');
  return { ok: true, text: typeof text === 'string' ? text : '' };
}

/**
 * The package document in `text`: parsed JSON that is an object (a bare package, or the `manifest`
 * of a `{manifest, resolutions}` envelope). Whether it is a valid package is the API's to say.
 */
export function packageOf(text: string): { ok: true; pkg: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'Choose a .json package file or paste the package’s JSON.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `This is not JSON: ${(err as Error).message}` };
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(parsed)) return { ok: false, message: 'A package is a JSON object (it starts with {).' };
  if (!('versoPackage' in parsed) && isObject(parsed.manifest)) return { ok: true, pkg: parsed.manifest };
  return { ok: true, pkg: parsed };
}
