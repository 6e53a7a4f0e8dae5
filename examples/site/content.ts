// What the site reads from Verso, through the TypeScript SDK: the published articles with the
// site's delivery-only token, and one article either published or — in preview — with the editor's
// preview token (its newest version, children resolved the same way, with the source map that
// click-to-edit marks elements from).
import { VersoApiError, VersoClient, type PublicMediaSettings, type components } from '@verso/sdk';
import type { SiteSettings } from './settings.js';
import { ARTICLE_TEMPLATE_SLUG } from './model.js';

export type ArticleVersion = components['schemas']['ContentVersionDetailResponse'];
export type ArticleSummary = components['schemas']['ContentItemSummaryResponse'];

/** The preview token was refused (expired, revoked, or not a token): the API's own words. */
export class PreviewTokenRefused extends Error {
  constructor(readonly status: number, readonly detail: string) {
    super(detail);
  }
}

export class SiteContent {
  private readonly delivery: VersoClient;
  private settingsRead: Promise<PublicMediaSettings> | undefined;

  constructor(private readonly settings: SiteSettings) {
    this.delivery = new VersoClient({ baseUrl: settings.apiUrl, token: settings.token });
  }

  /** Published articles, newest first. A small site lists one page; a larger one pages (listAllItems). */
  async listArticles(): Promise<ArticleSummary[]> {
    const page = await this.delivery.listContent({ path: { workspaceId: this.settings.workspaceId }, query: { resolve: true, pageSize: 100 } });
    const when = (a: ArticleSummary) => a.currentlyServingVersion?.publishedAt ?? a.updatedAt;
    return page.items.filter((a) => a.templateSlug === ARTICLE_TEMPLATE_SLUG && a.slug).sort((a, b) => when(b).localeCompare(when(a)));
  }

  /**
   * One article by its slug, null when nothing is served (404). With a preview token: the newest
   * version the token may read, with `sourceMap`; a refused token throws PreviewTokenRefused.
   */
  async article(slug: string, options: { previewToken?: string; locale?: string } = {}): Promise<ArticleVersion | null> {
    const client = options.previewToken
      ? // Preview reads are never cached or retried for long: the editor is waiting for this page.
        new VersoClient({ baseUrl: this.settings.apiUrl, token: options.previewToken, retry: false })
      : this.delivery;
    try {
      return await client.getContentBySlug({
        path: { workspaceId: this.settings.workspaceId, slug },
        query: { expandChildren: true, ...(options.locale ? { locale: options.locale } : {}), ...(options.previewToken ? { sourceMap: true } : {}) },
      });
    } catch (error) {
      if (error instanceof VersoApiError && error.status === 404) return null;
      if (options.previewToken && error instanceof VersoApiError && (error.status === 401 || error.status === 403)) {
        throw new PreviewTokenRefused(error.status, error.problem?.detail ?? error.message);
      }
      throw error;
    }
  }

  /** The widths, formats and DPRs the API renders images in (GET /media/v1/settings), read once. */
  mediaSettings(): Promise<PublicMediaSettings> {
    this.settingsRead ??= this.delivery.getPublicMediaSettings().catch((error: unknown) => {
      this.settingsRead = undefined;
      throw error;
    });
    return this.settingsRead;
  }
}
