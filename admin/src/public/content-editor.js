// Progressive enhancement of the content editor and the create form (every form works without it):
// - a Text field with a maxLength shows "n of max characters" as the user types (counted in code
//   points, as the API counts; the API still decides);
// - "Preview" of a Markdown value asks the admin's preview route for the sanitised HTML instead of
//   re-rendering the whole form;
// - "Find" of a Reference value fetches the matches in place, and "Pick" fills the item id;
// - on the create form the slug follows the title until the user edits the slug;
// - "Save and preview" saves in the new tab it opens; this tab reloads when the user comes back to
//   it, so its form carries the saved values and their new ETag (a later save is then no conflict).
(function () {
  'use strict';

  function count(input) {
    var out = document.getElementById(input.getAttribute('data-counter'));
    if (!out) return;
    var max = Number(input.getAttribute('data-maxlength'));
    var n = Array.from(input.value).length;
    out.textContent = n + ' of ' + max + ' characters' + (n > max ? ' — ' + (n - max) + ' too many' : '') + '.';
    out.classList.toggle('cf-over', n > max);
  }

  function csrfOf(form) {
    var input = form.querySelector('input[name="_csrf"]');
    return input ? input.value : '';
  }

  function preview(button) {
    var form = button.form;
    var id = button.getAttribute('data-preview-for');
    var source = document.getElementById(id);
    var box = document.getElementById(id + '-preview');
    if (!form || !source || !box || !form.getAttribute('data-preview-url')) return false;
    var body = new URLSearchParams();
    body.set('_csrf', csrfOf(form));
    body.set('source', source.value);
    box.hidden = false;
    box.textContent = 'Rendering the preview…';
    fetch(form.getAttribute('data-preview-url'), { method: 'POST', body: body, credentials: 'same-origin', headers: { 'X-CSRF-Token': csrfOf(form) } })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (html) {
        box.textContent = '';
        var title = document.createElement('p');
        title.className = 'cf-preview-title muted small';
        title.textContent = 'Preview';
        var content = document.createElement('div');
        content.className = 'cf-markdown';
        content.innerHTML = html; // sanitised by the admin (markdown.ts): raw HTML escaped, links checked
        box.appendChild(title);
        box.appendChild(content);
      })
      .catch(function () { box.textContent = 'The preview could not be rendered; use the Preview button again, or save.'; });
    return true;
  }

  function find(button) {
    var form = button.form;
    var id = button.getAttribute('data-find-for');
    var q = document.getElementById(id + '-q');
    var results = document.getElementById(id + '-results');
    if (!form || !q || !results || !form.getAttribute('data-search-url')) return false;
    var path = String(button.value).replace(/^find:/, '');
    var params = new URLSearchParams({ q: q.value, templateId: q.getAttribute('data-template-id') || '', path: path, target: id, label: button.getAttribute('data-row-label') || '' });
    results.textContent = 'Searching…';
    fetch(form.getAttribute('data-search-url') + '?' + params.toString(), { credentials: 'same-origin' })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (html) { results.innerHTML = html; }) // rendered and escaped by the admin's template
      .catch(function () { results.textContent = 'The search failed; try again.'; });
    return true;
  }

  function pick(button) {
    var target = button.getAttribute('data-pick-target');
    var input = document.getElementById(target);
    if (!input) return false;
    input.value = button.getAttribute('data-pick-id');
    var label = document.querySelector('[data-ref-label="' + target + '"]');
    if (label) label.value = button.getAttribute('data-pick-label');
    var current = document.querySelector('[data-ref-current="' + target + '"]');
    if (current) current.textContent = 'Picked: ' + (button.getAttribute('data-pick-label') || button.getAttribute('data-pick-id'));
    input.focus();
    return true;
  }

  function slugify(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100).replace(/-+$/, '');
  }

  function followTitle(form) {
    var source = document.getElementById(form.getAttribute('data-slug-source'));
    var slug = form.querySelector('[data-slug-target]');
    var edited = form.querySelector('[data-slug-edited]');
    if (!source || !slug || !edited) return;
    source.addEventListener('input', function () {
      if (edited.value !== '1') slug.value = slugify(source.value);
    });
    slug.addEventListener('input', function () {
      // Emptying the slug hands it back to the title.
      edited.value = slug.value === '' ? '' : '1';
    });
  }

  function enhance() {
    document.querySelectorAll('input[data-maxlength]').forEach(function (input) {
      count(input);
      input.addEventListener('input', function () { count(input); });
    });
    document.querySelectorAll('form[data-slug-source]').forEach(followTitle);
    document.addEventListener('click', function (event) {
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      if (!button) return;
      var handled = false;
      if (button.hasAttribute('data-preview-for')) handled = preview(button);
      else if (button.hasAttribute('data-find-for')) handled = find(button);
      else if (button.hasAttribute('data-pick-id')) handled = pick(button);
      else if (button.hasAttribute('data-save-and-preview')) {
        window.addEventListener('focus', function () { window.location.reload(); }, { once: true });
      }
      if (handled) event.preventDefault();
    });
    document.addEventListener('keydown', function (event) {
      // Enter in a Reference search box searches instead of saving the form.
      if (event.key !== 'Enter' || !event.target || !event.target.matches || !event.target.matches('input[data-ref-search]')) return;
      event.preventDefault();
      var button = document.querySelector('button[data-find-for="' + event.target.getAttribute('data-ref-search') + '"]');
      if (button) find(button);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance);
  else enhance();
})();
