// The live-preview message protocol (docs/live-preview.md): plain objects `{ verso: 1, type, … }`
// exchanged with postMessage between the admin's content editor (the parent window) and the site
// page it frames. No token, cookie or secret ever travels in a message.
import type { components } from '../generated/openapi.js';

/** A version as the delivery read shapes it (`expandChildren=true`): what `change` carries. */
export type PreviewItem = components['schemas']['ContentVersionDetailResponse'];

/** Where a value is edited: the item (a child's own id for a child's value), its version, the field and the repeat. */
export interface SourceLocation {
  readonly itemId: string;
  readonly versionNumber: number;
  readonly fieldKey: string;
  readonly order: number;
  /** Only for a member of a Component value: its path as the editor's form nests it (`cta.label`, `links[1]`). */
  readonly componentPath?: string;
}

/** JSON pointer (RFC 6901) into the answer → where that value is edited. */
export type SourceMap = Readonly<Record<string, SourceLocation>>;

export interface HelloMessage { readonly verso: 1; readonly type: 'hello' }
export interface WelcomeMessage { readonly verso: 1; readonly type: 'welcome'; readonly itemId: string; readonly versionNumber: number; readonly locale: string | null }
export interface ChangeMessage { readonly verso: 1; readonly type: 'change'; readonly seq: number; readonly item: PreviewItem; readonly sourceMap: SourceMap }
export interface RefreshMessage { readonly verso: 1; readonly type: 'refresh'; readonly reason: 'save' | 'autosave' | 'publish' }
export interface EditMessage extends SourceLocation { readonly verso: 1; readonly type: 'edit' }
export interface RenderedMessage { readonly verso: 1; readonly type: 'rendered'; readonly seq: number }

/** What the admin sends the page. */
export type AdminMessage = WelcomeMessage | ChangeMessage | RefreshMessage;
/** What the page sends the admin. */
export type SiteMessage = HelloMessage | EditMessage | RenderedMessage;

/** True for an object of the protocol's shape (`verso: 1` and a string `type`); the fields are checked per type by the reader. */
export function isProtocolMessage(data: unknown): data is { verso: 1; type: string } {
  return typeof data === 'object' && data !== null && (data as { verso?: unknown }).verso === 1 && typeof (data as { type?: unknown }).type === 'string';
}
