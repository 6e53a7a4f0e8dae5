// Live preview on the article page (loaded only in preview, and only when the site knows the
// admin's origin). One SDK call does the protocol: subscribe() says hello to the admin that frames
// the page and hands us each draft the editor types, one at a time (a draft that arrives while one
// renders waits, and only the newest waits). We let the site's server render the article from it
// with the page's own template — so Markdown and srcset are exactly the site's — and swap the HTML
// in; the SDK tells the admin once our promise settles.
import { enableClickToEdit, subscribe } from '/live-preview.js';

const origin = document.querySelector('meta[name="verso-admin-origin"]')?.getAttribute('content');
const article = document.getElementById('verso-article');

if (origin && article) {
  subscribe({
    origin,
    async onChange(item, { sourceMap }) {
      const res = await fetch('/api/preview/render', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ item, sourceMap }),
      });
      if (!res.ok) throw new Error(`the site could not render the draft (${res.status})`);
      article.innerHTML = await res.text();
    },
  });
  // Hover outlines the values the page marked with data-verso; a click focuses the field in the admin.
  enableClickToEdit({ origin });
}
