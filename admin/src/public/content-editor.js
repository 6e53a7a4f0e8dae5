// Progressive enhancement of the content editor and the create form (every form works without it):
// - a Text field with a maxLength shows "n of max characters" as the user types (counted in code
//   points, as the API counts; the API still decides);
// - "Preview" of a Markdown value asks the admin's preview route for the sanitised HTML instead of
//   re-rendering the whole form;
// - "Find" of a Reference value fetches the matches in place, and "Pick" fills the item id;
// - on the create form the slug follows the title until the user edits the slug;
// - a JSON value says at its input, as soon as the user leaves it, that it does not read as JSON (the
//   server says so again on save, and the API checks the field's schema);
// - a Markdown input gets a formatting toolbar (bold, italic, link, heading, list, code) and a live
//   preview beside it (the same sanitised rendering as the Preview button);
// - the editor form (data-guard-unsaved) keeps the user's work: leaving with unsaved changes asks
//   first (beforeunload, and an in-page dialog for the admin's own links and other forms); Ctrl+S /
//   Cmd+S saves; text typed since the last save is kept in localStorage and offered back on the next
//   visit (a closed tab); a Draft (data-autosave-ms) saves itself in the background after that long of
//   changes and when an input loses focus, never more than one write per that period, with the
//   version's ETag (a 412 is never overwritten: the page offers the "changed by someone else" flow).
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

  // What was picked, at once: a Media/File pick shows the thumbnail (images) or the file's type and
  // size that the picker's button carries (#25); a Reference pick its title.
  function showPicked(current, button) {
    var label = button.getAttribute('data-pick-label') || button.getAttribute('data-pick-id');
    current.textContent = '';
    if (!current.hasAttribute('data-asset-current')) { current.textContent = 'Picked: ' + label; return; }
    var card = document.createElement('span');
    card.className = 'cf-asset';
    card.setAttribute('data-asset', button.getAttribute('data-pick-id'));
    var thumb = button.getAttribute('data-pick-thumb');
    if (thumb) {
      var img = document.createElement('img');
      img.className = 'cf-asset-thumb';
      img.src = thumb;
      img.alt = label;
      img.width = 96;
      card.appendChild(img);
    }
    var facts = document.createElement('span');
    facts.className = 'cf-asset-facts';
    var name = document.createElement('strong');
    name.textContent = label;
    facts.appendChild(name);
    var detail = document.createElement('span');
    detail.className = 'muted small';
    detail.textContent = ' ' + (button.getAttribute('data-pick-facts') || '');
    facts.appendChild(detail);
    card.appendChild(facts);
    current.appendChild(card);
  }

  function pick(button) {
    var target = button.getAttribute('data-pick-target');
    var input = document.getElementById(target);
    if (!input) return false;
    input.value = button.getAttribute('data-pick-id');
    var label = document.querySelector('[data-ref-label="' + target + '"]');
    if (label) label.value = button.getAttribute('data-pick-label');
    var current = document.querySelector('[data-ref-current="' + target + '"]');
    if (current) showPicked(current, button);
    // The id input is hidden: the keyboard goes back to the row's search box.
    var search = document.getElementById(target + '-q');
    if (search) search.focus();
    return true;
  }

  function checkJson(area) {
    var out = document.getElementById(area.getAttribute('data-json-input'));
    if (!out) return;
    var text = area.value.trim();
    var message = '';
    if (text !== '') {
      try {
        JSON.parse(text);
      } catch {
        message = 'This is not valid JSON yet. Check the quotes, commas and brackets.';
      }
    }
    out.textContent = message;
    out.hidden = message === '';
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

  // ---- Markdown: toolbar and live preview -------------------------------------------------------

  var FORMATS = [
    { key: 'bold', label: 'Bold', text: 'B', shortcut: 'b' },
    { key: 'italic', label: 'Italic', text: 'I', shortcut: 'i' },
    { key: 'link', label: 'Link', text: 'Link', shortcut: 'k' },
    { key: 'heading', label: 'Heading', text: 'H' },
    { key: 'list', label: 'Bulleted list', text: '• List' },
    { key: 'code', label: 'Code', text: '</>' },
  ];

  function replaceSelection(area, before, after, placeholder) {
    var start = area.selectionStart, end = area.selectionEnd;
    var chosen = area.value.slice(start, end) || placeholder;
    area.setRangeText(before + chosen + after, start, end, 'end');
    area.setSelectionRange(start + before.length, start + before.length + chosen.length);
  }

  /** Prefixes every line of the selection (or the caret's line) with `prefix`. */
  function prefixLines(area, prefix) {
    var value = area.value;
    var start = value.lastIndexOf('\n', area.selectionStart - 1) + 1;
    var endAt = value.indexOf('\n', area.selectionEnd);
    var end = endAt < 0 ? value.length : endAt;
    var lines = value.slice(start, end).split('\n').map(function (line) { return line.indexOf(prefix) === 0 ? line : prefix + line; });
    area.setRangeText(lines.join('\n'), start, end, 'select');
  }

  function format(area, key) {
    area.focus();
    if (key === 'bold') replaceSelection(area, '**', '**', 'bold text');
    else if (key === 'italic') replaceSelection(area, '_', '_', 'italic text');
    else if (key === 'link') {
      var start = area.selectionStart;
      var text = area.value.slice(start, area.selectionEnd) || 'link text';
      area.setRangeText('[' + text + '](https://)', start, area.selectionEnd, 'end');
      // The caret lands on the address to type.
      var at = start + text.length + 3;
      area.setSelectionRange(at, at + 8);
    } else if (key === 'heading') prefixLines(area, '## ');
    else if (key === 'list') prefixLines(area, '- ');
    else if (key === 'code') {
      var chosen = area.value.slice(area.selectionStart, area.selectionEnd);
      if (chosen.indexOf('\n') >= 0) replaceSelection(area, '```\n', '\n```', '');
      else replaceSelection(area, '`', '`', 'code');
    }
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function livePreview(area, form) {
    var box = document.getElementById(area.getAttribute('data-markdown-preview'));
    if (!box || !form || !form.getAttribute('data-preview-url')) return;
    var timer = null, asked = 0;
    function render() {
      var n = ++asked;
      var body = new URLSearchParams();
      body.set('_csrf', csrfOf(form));
      body.set('source', area.value);
      fetch(form.getAttribute('data-preview-url'), { method: 'POST', body: body, credentials: 'same-origin', headers: { 'X-CSRF-Token': csrfOf(form) } })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
        .then(function (html) {
          if (n !== asked) return; // a later keystroke's preview is on its way
          var content = box.querySelector('.cf-markdown');
          if (!content) {
            box.textContent = '';
            var title = document.createElement('p');
            title.className = 'cf-preview-title muted small';
            title.textContent = 'Preview';
            content = document.createElement('div');
            content.className = 'cf-markdown';
            box.appendChild(title);
            box.appendChild(content);
          }
          content.innerHTML = html; // sanitised by the admin (markdown.ts): raw HTML escaped, links checked
          box.setAttribute('data-rendered', String(n));
        })
        .catch(function () { if (n === asked) box.textContent = 'The preview could not be rendered; keep typing or save.'; });
    }
    area.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(render, 250);
    });
    box.hidden = false;
    // Announcing every keystroke's rendering would drown a screen reader: the live preview is silent.
    box.removeAttribute('aria-live');
    box.setAttribute('aria-label', 'Preview');
    box.setAttribute('role', 'region');
    render();
  }

  function markdownTools(area) {
    if (area.disabled || area.readOnly) return;
    var row = area.parentNode;
    var bar = document.createElement('div');
    bar.className = 'cf-md-toolbar';
    bar.setAttribute('role', 'toolbar');
    // Named without the field's label, so the label names the input alone (getByLabel, screen readers).
    bar.setAttribute('aria-label', 'Markdown formatting');
    bar.setAttribute('aria-controls', area.id);
    FORMATS.forEach(function (f) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'button small secondary cf-md-' + f.key;
      b.textContent = f.text;
      b.setAttribute('aria-label', f.label);
      b.title = f.label + (f.shortcut ? ' (Ctrl+' + f.shortcut.toUpperCase() + ')' : '');
      b.addEventListener('click', function () { format(area, f.key); });
      bar.appendChild(b);
    });
    area.addEventListener('keydown', function (event) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      var f = FORMATS.filter(function (x) { return x.shortcut === event.key.toLowerCase(); })[0];
      if (!f) return;
      event.preventDefault();
      format(area, f.key);
    });
    var split = document.createElement('div');
    split.className = 'cf-md-split';
    row.insertBefore(bar, area);
    row.insertBefore(split, area);
    split.appendChild(area);
    var box = document.getElementById(area.getAttribute('data-markdown-preview'));
    if (box) split.appendChild(box);
    livePreview(area, area.form);
  }

  // ---- The editor: unsaved changes, Ctrl+S, autosave ----------------------------------------------

  /** The form's values a user changes (not its tokens, ETags or buttons). */
  function snapshot(form) {
    var parts = [];
    new FormData(form).forEach(function (value, name) {
      if (name.charAt(0) === '_' || /\[(item|ver|etag|st)\]$/.test(name)) return;
      parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(typeof value === 'string' ? value.replace(/\r\n/g, '\n') : value.name));
    });
    return parts.join('&');
  }

  function guard(form) {
    var status = document.getElementById('cf-save-status');
    var period = Number(form.getAttribute('data-autosave-ms')) || 0;
    var saveButton = form.querySelector('.cf-actions button[type="submit"]');
    var saved = snapshot(form);
    var dirty = false, leaving = false, inFlight = false, stopped = false;
    var lastWrite = -Infinity, timer = null, flight = null;

    function say(text, kind) {
      if (!status) return;
      status.textContent = text;
      status.setAttribute('data-state', kind);
    }

    function check() {
      var was = dirty;
      dirty = snapshot(form) !== saved;
      if (dirty && !was && !inFlight && !stopped) say('Unsaved changes', 'dirty');
      if (!dirty && was && !inFlight) say('No unsaved changes', 'clean');
      return dirty;
    }

    // The first change after a save starts the period; typing on does not push the save further out.
    function schedule(delay) {
      if (!period || stopped || timer !== null || !dirty) return;
      timer = setTimeout(function () { timer = null; autosave(); }, delay === undefined ? period : delay);
    }

    function autosave(force) {
      // "Save and leave" while a background save is on its way: after it, save what is left.
      if (inFlight && flight) return force ? flight.then(function () { return autosave(true); }) : Promise.resolve(false);
      if (!period || stopped || !check()) return Promise.resolve(!dirty);
      // At most one write per period: an early call (a blur) waits for the period to end.
      if (!force && Date.now() - lastWrite < period) { schedule(lastWrite + period - Date.now()); return Promise.resolve(false); }
      clearTimeout(timer);
      timer = null;
      var sent = snapshot(form);
      var body = new URLSearchParams();
      new FormData(form).forEach(function (value, name) { if (typeof value === 'string' && name !== '_op' && name !== '_reapply') body.append(name, value); });
      inFlight = true;
      lastWrite = Date.now();
      say('Saving…', 'saving');
      flight = fetch(form.action, { method: 'POST', body: body, credentials: 'same-origin', headers: { 'X-Verso-Autosave': '1', 'X-CSRF-Token': csrfOf(form), Accept: 'application/json' } })
        .then(function (r) { return r.json().then(function (answer) { return { status: r.status, answer: answer }; }, function () { return { status: r.status, answer: null }; }); })
        .then(function (r) {
          inFlight = false;
          var a = r.answer || {};
          if (r.status === 200 && a.saved) {
            var tag = form.querySelector('input[name="_etag"]');
            if (tag) tag.value = a.etag;
            Object.keys(a.inputs || {}).forEach(function (name) {
              form.querySelectorAll('input[type="hidden"]').forEach(function (input) { if (input.name === name) input.value = a.inputs[name]; });
            });
            saved = sent;
            dirty = snapshot(form) !== saved;
            keep();
            say(dirty ? 'Saved ' + a.savedAt + '; newer changes not saved yet' : 'Saved ' + a.savedAt, 'saved');
            // The live preview (live-preview.js) has the framed site read the saved version.
            document.dispatchEvent(new CustomEvent('verso:saved', { detail: { reason: 'autosave' } }));
            schedule();
            return true;
          }
          if (r.status === 409 && a.conflict) {
            // Nothing was written. Stop saving in the background: the user decides, with the
            // form's own conflict flow (a normal post with the same stale ETag renders it).
            stopped = true;
            say('Not saved: ' + a.reason + '.', 'conflict');
            offerConflict();
            return false;
          }
          say('Not saved: ' + (a.reason || 'the admin answered ' + r.status) + '.', 'failed');
          return false;
        })
        .catch(function () {
          inFlight = false;
          say('Not saved: the admin could not be reached; trying again shortly.', 'failed');
          schedule();
          return false;
        });
      return flight;
    }

    function offerConflict() {
      if (!status || document.getElementById('cf-conflict-open')) return;
      var b = document.createElement('button');
      b.type = 'submit';
      b.id = 'cf-conflict-open';
      b.className = 'button small';
      b.textContent = 'See their changes';
      b.name = '_op';
      b.value = '';
      status.appendChild(document.createTextNode(' '));
      status.appendChild(b);
    }

    // Leaving: one dialog for the admin's own links and other forms; the browser's own prompt otherwise.
    var dialog = null, proceed = null;
    function ask(go) {
      if (!dialog) {
        dialog = document.createElement('dialog');
        dialog.className = 'cf-leave';
        dialog.setAttribute('aria-labelledby', 'cf-leave-title');
        dialog.innerHTML = '<h2 id="cf-leave-title">Leave without saving?</h2>' +
          '<p>You have changes on this page that are not saved yet.</p>' +
          '<div class="actions"><button type="button" class="button primary" data-leave="stay">Stay on this page</button>' +
          (period ? '<button type="button" class="button" data-leave="save">Save and leave</button>' : '') +
          '<button type="button" class="button danger" data-leave="go">Leave without saving</button></div>';
        document.body.appendChild(dialog);
        dialog.addEventListener('click', function (event) {
          var choice = event.target && event.target.getAttribute && event.target.getAttribute('data-leave');
          if (!choice) return;
          if (choice === 'stay') return dialog.close();
          if (choice === 'go') { leaving = true; dialog.close(); proceed(); return; }
          autosave(true).then(function (ok) {
            if (ok) { leaving = true; dialog.close(); proceed(); }
            else dialog.close();
          });
        });
      }
      proceed = go;
      dialog.showModal();
      dialog.querySelector('[data-leave="stay"]').focus();
    }

    // ---- What was typed since the last save, kept in this browser (a closed tab, a crash) ----------
    // Keyed by the form's address (one version's editor, or one workspace's create form). On the next
    // visit it is offered back unless the page already holds exactly that (the save went through).
    var keepKey = 'verso.unsaved ' + form.getAttribute('action');
    function keep() {
      try {
        if (!dirty) { window.localStorage.removeItem(keepKey); return; }
        var values = [];
        form.querySelectorAll('input, textarea, select').forEach(function (el) {
          if (!el.name || el.name.charAt(0) === '_' || el.disabled || /^(hidden|file|submit|button|reset|image)$/.test(el.type)) return;
          values.push(el.type === 'checkbox' || el.type === 'radio' ? [el.name, el.value, el.checked] : [el.name, el.value]);
        });
        window.localStorage.setItem(keepKey, JSON.stringify({ at: Date.now(), typed: snapshot(form), values: values }));
      } catch { /* storage off or full: nothing is kept */ }
    }
    /**
     * `2026-12-07 09:10 CET`: the admin's one date format (time.ts formatWhen), on the user's clock
     * (the form's data-zone, their account's zone) with the zone named; the browser's own without one.
     */
    function stamp(at) {
      var zone = form.getAttribute('data-zone') || undefined;
      var parts = {};
      try {
        new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
          .formatToParts(new Date(at)).forEach(function (p) { parts[p.type] = p.value; });
      } catch { return new Date(at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'; }
      return parts.year + '-' + parts.month + '-' + parts.day + ' ' + parts.hour + ':' + parts.minute + ' ' + (zone === 'UTC' ? 'UTC' : parts.timeZoneName || zone || '');
    }
    function offerKept() {
      var kept = null;
      try { kept = JSON.parse(window.localStorage.getItem(keepKey) || 'null'); } catch { kept = null; }
      if (!kept || !Array.isArray(kept.values)) return;
      if (kept.typed === saved) { try { window.localStorage.removeItem(keepKey); } catch { /* ignore */ } return; }
      var box = document.createElement('section');
      box.className = 'notice cf-kept';
      box.setAttribute('aria-labelledby', 'cf-kept-title');
      box.innerHTML = '<h2 id="cf-kept-title" class="h3">Unsaved text from before</h2><p class="cf-kept-when"></p>' +
        '<div class="actions"><button type="button" class="button primary" data-kept="restore">Restore it</button>' +
        '<button type="button" class="button" data-kept="discard">Discard it</button></div>';
      box.querySelector('.cf-kept-when').textContent = 'What you typed here at ' + stamp(kept.at) +
        ' was not saved; this browser kept it. Restore it into the form (then save), or discard it.';
      form.parentNode.insertBefore(box, form);
      box.addEventListener('click', function (event) {
        var choice = event.target && event.target.getAttribute && event.target.getAttribute('data-kept');
        if (!choice) return;
        if (choice === 'restore') {
          kept.values.forEach(function (v) {
            form.querySelectorAll('[name="' + (window.CSS && CSS.escape ? CSS.escape(v[0]) : v[0]) + '"]').forEach(function (el) {
              if (el.type === 'checkbox' || el.type === 'radio') { if (el.value === v[1]) el.checked = Boolean(v[2]); }
              else if (!/^(hidden|file|submit|button)$/.test(el.type)) el.value = v[1];
            });
          });
          if (check()) { say('Restored text not saved yet', 'dirty'); schedule(); }
          keep();
        } else {
          try { window.localStorage.removeItem(keepKey); } catch { /* ignore */ }
        }
        box.remove();
        form.querySelector('input:not([type=hidden]), textarea, select').focus();
      });
    }
    offerKept();

    form.addEventListener('input', function () { check(); keep(); schedule(); });
    form.addEventListener('change', function () { check(); keep(); schedule(); });
    form.addEventListener('focusout', function (event) {
      if (event.target && event.target.matches && event.target.matches('input, textarea, select') && check()) autosave();
    });
    window.addEventListener('blur', function () { if (check()) autosave(); });
    form.addEventListener('submit', function (event) {
      clearTimeout(timer);
      timer = null;
      if (inFlight && flight) {
        // A background save is on its way: post once it is back, with the ETag it returns (posting
        // now would carry the tag it is replacing and meet our own write as a conflict).
        event.preventDefault();
        var submitter = event.submitter;
        flight.then(function () {
          if (form.requestSubmit) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
          else form.submit();
        });
        return;
      }
      leaving = true;
      stopped = true;
      // The text goes to the server now; what it answers (the saved page, or the form again with
      // every value and the reason) holds it, so an old copy is not offered on the next visit.
      if (!event.defaultPrevented) { try { window.localStorage.removeItem(keepKey); } catch { /* ignore */ } }
    });
    window.addEventListener('pageshow', function (event) { if (event.persisted) { leaving = false; stopped = false; } });
    window.addEventListener('beforeunload', function (event) {
      if (leaving || !check()) return;
      event.preventDefault();
      event.returnValue = '';
    });
    document.addEventListener('click', function (event) {
      var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
      if (!link || leaving || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      if (link.target && link.target !== '_self') return;
      if (link.origin !== window.location.origin || link.getAttribute('href').charAt(0) === '#' || !check()) return;
      event.preventDefault();
      ask(function () { window.location.assign(link.href); });
    });
    document.addEventListener('submit', function (event) {
      var other = event.target;
      if (other === form || leaving || !check()) return;
      event.preventDefault();
      var submitter = event.submitter;
      ask(function () { if (other.requestSubmit) other.requestSubmit(submitter && submitter.form === other ? submitter : undefined); else other.submit(); });
    }, true);
    document.addEventListener('keydown', function (event) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!saveButton || saveButton.disabled) return;
      say('Saving…', 'saving');
      if (form.requestSubmit) form.requestSubmit(saveButton);
      else form.submit();
    });
  }

  function enhance() {
    document.querySelectorAll('input[data-maxlength]').forEach(function (input) {
      count(input);
      input.addEventListener('input', function () { count(input); });
    });
    document.querySelectorAll('form[data-slug-source]').forEach(followTitle);
    document.querySelectorAll('textarea[data-json-input]').forEach(function (area) {
      area.addEventListener('blur', function () { checkJson(area); });
    });
    document.querySelectorAll('textarea[data-markdown-preview]').forEach(markdownTools);
    document.querySelectorAll('form[data-guard-unsaved]').forEach(guard);
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
