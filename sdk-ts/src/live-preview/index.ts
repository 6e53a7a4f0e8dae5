// @verso/sdk/live-preview: the site's side of Verso's live preview and click-to-edit, one
// self-contained browser module (docs/live-preview.md). Nothing here reads a token or a cookie.
export { subscribe, type ChangeContext, type SubscribeOptions } from './subscribe.js';
export { enableClickToEdit, type ClickToEditOptions } from './click-to-edit.js';
export { applyText } from './apply-text.js';
export { parseSourceAttribute, sourceAttribute, sourceMapOf, valueAt } from './source-map.js';
export { checkOrigin } from './origin.js';
export type {
  AdminMessage,
  ChangeMessage,
  EditMessage,
  HelloMessage,
  PreviewItem,
  RefreshMessage,
  RenderedMessage,
  SiteMessage,
  SourceLocation,
  SourceMap,
  WelcomeMessage,
} from './protocol.js';
export type { DocumentLike, ElementLike, EventLike, MessageEventLike, WindowLike } from './browser.js';
