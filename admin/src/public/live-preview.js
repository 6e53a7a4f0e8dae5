// Live preview in the content editor: the workspace's site framed beside the form (pane #cf-live,
// views/content/editor-live.eta), fed the form's values as the user types, before any save.
// Messages (docs/editors-guide.md, "Live preview"), each `{ verso: 1, type, … }`, always addressed to
// the preview origin (never '*'), never carrying a token or cookie:
//   site → admin  hello     the page asks; answered with `welcome` only when it comes from the pane's
//                           own frame and the preview origin. The frame is "handshaken" until its next load.
//   admin → site  change    { seq, item, sourceMap }: the item as a preview read shapes it (fields[],
//                           children, assets with their URLs) with the form's values laid over it;
//                           at most one per animation frame, only to the handshaken frame.
//   admin → site  refresh   { reason }: after an autosave (a save or publish reloads this page, and
//                           with it the frame, from the API).
//   site → admin  edit      { itemId, versionNumber, fieldKey, order }: focus that field's input, or
//                           open the child item's editor.
//   site → admin  rendered  { seq }: the page applied change `seq` (the pane records it: tests, benchmark).
// Per keystroke the script only updates the value of the row typed in; the whole form is read again
// only when its shape changes (a pick, a checkbox, a select).
(function () {
  'use strict';

  var pane = document.getElementById('cf-live');
  var openButton = document.getElementById('cf-live-open');
  var form = document.querySelector('form.cf-form[data-guard-unsaved]');
  if (!pane || !openButton || !form) return;

  var ORIGIN = pane.getAttribute('data-origin');
  var ITEM_ID = (pane.getAttribute('data-item-id') || '').toLowerCase();
  var VERSION = Number(pane.getAttribute('data-version'));
  var WORKSPACE = pane.getAttribute('data-workspace-id');
  var MODEL = JSON.parse(pane.getAttribute('data-model') || '{}');
  var ZONE = form.getAttribute('data-zone') || undefined;
  var OPEN_KEY = 'verso.live-preview ' + ITEM_ID;
  var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  var DEVICES = ['phone', 'tablet', 'desktop'];

  var stage = pane.querySelector('.cf-live-stage');
  var status = document.getElementById('cf-live-status');
  var frame = null, peer = null, base = null, item = null;
  /** Row name (`v[<field>][<n>]…`) → the value object the row fills, for the keystroke path. */
  var rowValues = {};
  var assets = {}; // asset id → delivered asset (null while it is being read)
  var seq = 0, queued = false;

  function say(text) { if (status) status.textContent = text; }

  function csrf() {
    var input = form.querySelector('input[name="_csrf"]');
    return input ? input.value : '';
  }

  // ---- The form as a delivery read's fields ------------------------------------------------------

  /** `v[a][0][f][b][1][v]` → ['a', '0', 'f', 'b', '1', 'v']. */
  function segments(name) {
    if (name.slice(0, 2) !== 'v[') return null;
    var out = [], re = /\[([^\]]*)\]/g, m;
    while ((m = re.exec(name))) out.push(m[1]);
    return out.length >= 3 ? out : null;
  }

  /** The form's rows as a tree: fields (in the form's order) → rows → their inputs and nested fields. */
  function readTree() {
    var root = { order: [], fields: {} };
    Array.prototype.forEach.call(form.elements, function (el) {
      // Disabled inputs too: a read-only field (a shared translation value, a locked child) is on the page.
      if (!el.name) return;
      var s = segments(el.name);
      if (!s) return;
      var node = root, path = 'v';
      var i = 0;
      for (;;) {
        var fid = s[i], rowIndex = s[i + 1];
        if (rowIndex === undefined) return;
        if (!node.fields[fid]) { node.fields[fid] = { order: [], rows: {} }; node.order.push(fid); }
        var field = node.fields[fid];
        path += '[' + fid + '][' + rowIndex + ']';
        if (!field.rows[rowIndex]) { field.rows[rowIndex] = { name: path, inputs: {}, m: { order: [], fields: {} }, f: { order: [], fields: {} } }; field.order.push(rowIndex); }
        var row = field.rows[rowIndex];
        var rest = s.length - (i + 2);
        if (rest === 1) { (row.inputs[s[i + 2]] = row.inputs[s[i + 2]] || []).push(el); return; }
        var via = s[i + 2];
        if (via !== 'm' && via !== 'f') return;
        node = row[via];
        path += '[' + via + ']';
        i += 3;
      }
    });
    return root;
  }

  function valueOf(els) {
    if (!els || !els.length) return '';
    var el = els[0];
    if (el.type === 'radio') { var on = els.filter(function (x) { return x.checked; })[0]; return on ? on.value : ''; }
    return el.value;
  }

  function parsed(text) {
    if (!text || !text.trim()) return null;
    try { return JSON.parse(text); } catch { return undefined; }
  }

  /** A wall-clock `YYYY-MM-DDTHH:MM[:SS]` in the user's zone as a UTC instant (the server's rule, value-form.ts). */
  function instant(text) {
    var m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    if (!m) return null;
    var wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0));
    var offset = function (at) {
      var p = {};
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
          .formatToParts(new Date(at)).forEach(function (x) { p[x.type] = x.value; });
      } catch { return 0; }
      return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - at;
    };
    var guess = wall - offset(wall);
    return new Date(wall - offset(guess)).toISOString();
  }

  function emptyValue(fid, field) {
    return {
      fieldId: fid, key: field.key, label: field.label, order: 0, valueKind: field.kind === 'Inline' || field.kind === 'Reference' ? 'ChildContent' : field.kind,
      textValue: null, boolValue: null, mediaAssetId: null, fileAssetId: null, childContentItemId: null, child: null,
      jsonValue: null, displayLabel: null, numberValue: null, dateValue: null, dateTimeValue: null,
    };
  }

  function labelOf(el) {
    if (el.tagName === 'SELECT') return el.selectedIndex > 0 ? el.options[el.selectedIndex].textContent : null;
    var label = el.id && form.querySelector('label[for="' + el.id + '"]');
    return label ? label.textContent.trim() : null;
  }

  /** Fills `out` (a value object) from a simple row; false: the row holds nothing (left out). */
  function fillSimple(out, kind, row) {
    var v = valueOf(row.inputs.v);
    switch (kind) {
      case 'Text': case 'RichText': case 'Markdown':
        out.textValue = v; return v !== '';
      case 'Number': {
        var n = v.trim() === '' ? NaN : Number(v);
        out.numberValue = isFinite(n) ? n : null; return out.numberValue !== null;
      }
      case 'Date': out.dateValue = v || null; return v !== '';
      case 'DateTime': out.dateTimeValue = instant(v); return out.dateTimeValue !== null;
      case 'Boolean': out.boolValue = v === 'true' ? true : v === 'false' ? false : null; return out.boolValue !== null;
      case 'PickList':
        out.textValue = v || null;
        out.displayLabel = v && row.inputs.v ? labelOf(row.inputs.v[0]) : null;
        return v !== '';
      case 'Json': {
        var j = parsed(v);
        if (j !== undefined) out.jsonValue = j; // a half-typed value keeps the last one that read
        return out.jsonValue !== null;
      }
      case 'Link': case 'Quote': {
        var json = parsed(valueOf(row.inputs.json));
        out.textValue = v === '' ? null : v;
        if (json !== undefined) out.jsonValue = json;
        return v !== '' || out.jsonValue !== null;
      }
      case 'Media': case 'File': {
        var id = v.trim().toLowerCase();
        out[kind === 'Media' ? 'mediaAssetId' : 'fileAssetId'] = id || null;
        out.asset = id ? assetOf(id) : null;
        return id !== '';
      }
      case 'Separator': return true;
      default: return false;
    }
  }

  /** A component row as the object the API stores (members by key, lists where the member repeats). */
  function componentObject(members, row) {
    var extra = parsed(valueOf(row.inputs.extra));
    var obj = extra && typeof extra === 'object' ? extra : {};
    (members || []).forEach(function (m) {
      if (m.kind === 'Separator') return;
      var field = row.m.fields[m.key];
      if (!field) return;
      var items = [];
      field.order.forEach(function (i) {
        var r = field.rows[i];
        if (m.kind === 'PickList' && m.list) { (r.inputs.vs || []).forEach(function (c) { if (c.checked) items.push(c.value); }); return; }
        if (m.kind === 'Component') { var nested = componentObject(m.members, r); if (Object.keys(nested).length) items.push(nested); return; }
        var out = {};
        if (!fillSimple(out, m.kind, r)) return;
        var x = out.textValue !== undefined && out.textValue !== null && m.kind !== 'Link' && m.kind !== 'Quote' ? out.textValue
          : out.numberValue !== undefined && out.numberValue !== null ? out.numberValue
          : out.boolValue !== undefined && out.boolValue !== null ? out.boolValue
          : out.dateValue || out.dateTimeValue || out.mediaAssetId || out.fileAssetId || out.jsonValue;
        if (x !== undefined && x !== null) items.push(x);
      });
      if (items.length) obj[m.key] = (m.list && m.kind !== 'Json') || items.length > 1 ? items : items[0];
    });
    return obj;
  }

  /** The expanded child a base read carried for `itemId` (anywhere in it), or null. */
  function baseChild(itemId) {
    var found = null;
    (function walk(version, depth) {
      if (!version || depth > 8 || found) return;
      version.fields.forEach(function (v) {
        if (found) return;
        if (v.child && String(v.childContentItemId).toLowerCase() === itemId) found = v.child;
        else if (v.child) walk(v.child, depth + 1);
      });
    })(base, 0);
    return found;
  }

  /** The values of `tree`'s fields, every row (an empty row marked `hidden`) so a keystroke finds its object. */
  function valuesOf(tree) {
    var out = [];
    tree.order.forEach(function (fid) {
      var field = MODEL[fid.toLowerCase()];
      if (!field) return;
      var rows = tree.fields[fid];
      rows.order.forEach(function (i) {
        var row = rows.rows[i];
        if (field.kind === 'PickList' && field.list) {
          (row.inputs.vs || []).forEach(function (c) {
            if (!c.checked) return;
            var v = emptyValue(fid, field);
            v.textValue = c.value;
            v.displayLabel = labelOf(c);
            out.push(v);
          });
          return;
        }
        var v = emptyValue(fid, field);
        v.row = row.name;
        if (field.kind === 'Component') {
          v.jsonValue = componentObject(field.members, row);
          v.hidden = Object.keys(v.jsonValue).length === 0;
        } else if (field.kind === 'Inline' || field.kind === 'Reference') {
          var id = (valueOf(field.kind === 'Inline' ? row.inputs.item : row.inputs.v) || '').trim().toLowerCase();
          v.childContentItemId = id || null;
          var known = id ? baseChild(id) || childOf(id) : null;
          if (field.kind === 'Inline') {
            var shell = known ? Object.assign({}, known) : { id: null, contentItemId: id || null, versionNumber: Number(valueOf(row.inputs.ver)) || 0, status: valueOf(row.inputs.st) || 'Draft', title: null, slug: null, fields: [] };
            shell.fields = valuesOf(row.f);
            v.child = shell;
            v.hidden = !id && shell.fields.every(function (x) { return x.hidden; });
          } else {
            v.child = known;
            v.hidden = !id;
          }
        } else {
          v.hidden = !fillSimple(v, field.kind, row);
          if (/^(Text|RichText|Markdown|Number|Date|DateTime|Json)$/.test(field.kind)) rowValues[row.name] = v;
        }
        out.push(v);
      });
    });
    return out;
  }

  function rebuild() {
    if (!base) return;
    rowValues = {};
    item = Object.assign({}, base, { fields: valuesOf(readTree()) });
  }

  // ---- Assets the form names: the base read's, or the library's (one read each) -------------------

  function collectAssets(version, depth) {
    if (!version || depth > 8) return;
    version.fields.forEach(function (v) {
      var id = (v.mediaAssetId || v.fileAssetId || '').toLowerCase();
      if (id && v.asset) assets[id] = v.asset;
      if (v.child) collectAssets(v.child, depth + 1);
    });
  }

  /**
   * A reader of what the form names by id but the page's read did not carry (a library pick, an item
   * newly referenced): null at first, then, once the admin's route answered, the value — after which
   * the item is rebuilt and sent again. Each id is asked for once; on a failure the page shows the
   * value without it.
   */
  function readOnce(cache, urlAttribute) {
    return function (id) {
      if (cache[id] !== undefined) return cache[id];
      if (!UUID.test(id)) return null;
      cache[id] = null;
      fetch(pane.getAttribute(urlAttribute) + '/' + id, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (found) { if (found) { cache[id] = found; rebuild(); schedule(); } })
        .catch(function () { /* shown without it */ });
      return null;
    };
  }

  var assetOf = readOnce(assets, 'data-assets-url');
  var children = {}; // item id → its newest version, for items newly referenced in the form
  var childOf = readOnce(children, 'data-items-url');

  // ---- Messages ------------------------------------------------------------------------------------

  /** What a site gets: the rows holding something, ordered as the API orders them, and their map. */
  function visible() {
    var map = {};
    function fieldsOf(values, at, owner) {
      var orders = {};
      var shown = [];
      values.forEach(function (v) {
        if (v.hidden) return;
        var copy = {};
        Object.keys(v).forEach(function (k) { if (k !== 'row' && k !== 'hidden') copy[k] = v[k]; });
        copy.order = orders[v.fieldId] = (orders[v.fieldId] === undefined ? 0 : orders[v.fieldId] + 1);
        var pointer = at + '/fields/' + shown.length;
        if (copy.child) {
          copy.child = Object.assign({}, copy.child, { fields: fieldsOf(v.child.fields, pointer + '/child', { itemId: String(v.child.contentItemId || '').toLowerCase(), versionNumber: v.child.versionNumber }) });
          delete copy.child.sourceMap;
        }
        if (owner.itemId && copy.key) {
          ['textValue', 'numberValue', 'dateValue', 'dateTimeValue', 'boolValue', 'jsonValue', 'displayLabel', 'mediaAssetId', 'fileAssetId', 'childContentItemId', 'asset'].forEach(function (p) {
            if (copy[p] !== null && copy[p] !== undefined) map[pointer + '/' + p] = { itemId: owner.itemId, versionNumber: owner.versionNumber, fieldKey: copy.key, order: copy.order };
          });
        }
        shown.push(copy);
      });
      return shown;
    }
    var out = Object.assign({}, item, { fields: fieldsOf(item.fields, '', { itemId: ITEM_ID, versionNumber: VERSION }) });
    delete out.sourceMap;
    return { item: out, sourceMap: map };
  }

  function post(message) {
    if (!peer) return;
    message.verso = 1;
    peer.postMessage(message, ORIGIN);
  }

  function send() {
    queued = false;
    if (!peer || !item) return;
    var shaped = visible();
    seq += 1;
    pane.setAttribute('data-sent', String(seq));
    post({ type: 'change', seq: seq, item: shaped.item, sourceMap: shaped.sourceMap });
  }

  // At most one change per frame: a burst of keystrokes is one message with the last values.
  function schedule() {
    if (!peer || queued) return;
    queued = true;
    window.requestAnimationFrame(send);
  }

  function focusRow(rowName) {
    var el = Array.prototype.filter.call(form.elements, function (x) {
      return x.name && x.name.indexOf(rowName + '[') === 0 && !/^(hidden|submit|button)$/.test(x.type);
    })[0];
    if (!el) return false;
    // A Link's structured value sits in a closed <details>; the row's text input comes first anyway.
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    return true;
  }

  /** The row a site's `edit` names: the value of `itemId`'s field `fieldKey` at `order`, as last sent. */
  function rowFor(itemId, fieldKey, order) {
    var found = null;
    (function walk(values, owner) {
      var orders = {};
      values.forEach(function (v) {
        if (v.hidden) return;
        orders[v.fieldId] = orders[v.fieldId] === undefined ? 0 : orders[v.fieldId] + 1;
        if (!found && owner === itemId && v.key && v.key.toLowerCase() === fieldKey && orders[v.fieldId] === order) found = v.row || null;
        if (v.child && v.child.fields) walk(v.child.fields, String(v.child.contentItemId || '').toLowerCase());
      });
    })(item ? item.fields : [], ITEM_ID);
    return found;
  }

  function edit(message) {
    var itemId = String(message.itemId || '').toLowerCase();
    var fieldKey = String(message.fieldKey || '').toLowerCase();
    var order = Number(message.order) || 0;
    if (!UUID.test(itemId)) return;
    var row = rowFor(itemId, fieldKey, order);
    if (row && focusRow(row)) return;
    if (itemId === ITEM_ID) {
      var any = Object.keys(MODEL).filter(function (id) { return MODEL[id].key.toLowerCase() === fieldKey; })[0];
      if (any) focusRow('v[' + any + '][0]');
      return;
    }
    // A child this form does not edit in place: its own editor, followed as a link of the page so
    // the editor's guard (content-editor.js) asks first when there are unsaved changes.
    var version = Number(message.versionNumber);
    if (!(version >= 1 && version === Math.floor(version))) return;
    var link = document.createElement('a');
    link.href = '/workspaces/' + WORKSPACE + '/content/' + itemId + '/versions/' + version + '/edit';
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  window.addEventListener('message', function (event) {
    if (!frame || event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.verso !== 1) return;
    if (data.type === 'hello') {
      peer = frame.contentWindow;
      post({ type: 'welcome', itemId: ITEM_ID, versionNumber: VERSION, locale: base && base.localeCode });
      say('Showing your site; it follows what you type.');
      pane.setAttribute('data-handshaken', 'true');
      send();
    } else if (peer && data.type === 'edit') {
      edit(data);
    } else if (peer && data.type === 'rendered') {
      pane.setAttribute('data-rendered', String(Number(data.seq) || 0));
    }
  });

  // ---- The form ----------------------------------------------------------------------------------

  function rowNameOf(name) { return name.replace(/\[[^\]]*\]$/, ''); }

  function typed(event) {
    var el = event.target;
    if (!item || !el || !el.name) return;
    var value = rowValues[rowNameOf(el.name)];
    // The keystroke path: one value object updated, nothing else read.
    if (value && el.name.slice(-3) === '[v]' && (el.tagName === 'TEXTAREA' || el.type === 'text' || el.type === 'number' || el.type === 'date' || el.type === 'datetime-local')) {
      value.hidden = !fillSimple(value, MODEL[value.fieldId.toLowerCase()].kind, { inputs: { v: [el], json: [], extra: [] } });
    } else {
      rebuild();
    }
    schedule();
  }
  form.addEventListener('input', typed);
  form.addEventListener('change', function (event) { if (event.target && (event.target.tagName === 'SELECT' || event.target.type === 'checkbox' || event.target.type === 'radio')) typed(event); });
  // A library pick sets a hidden input (content-editor.js) without an input event.
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('button[data-pick-id]') : null;
    if (button) window.setTimeout(function () { rebuild(); schedule(); }, 0);
  });
  // An autosave went through (content-editor.js): the page reads the saved version again.
  document.addEventListener('verso:saved', function (event) {
    post({ type: 'refresh', reason: event.detail && event.detail.reason === 'publish' ? 'publish' : event.detail && event.detail.reason === 'save' ? 'save' : 'autosave' });
  });

  // ---- The pane ----------------------------------------------------------------------------------

  function device(name) {
    stage.setAttribute('data-device', name);
    pane.querySelectorAll('[data-live-device]').forEach(function (b) { b.setAttribute('aria-pressed', String(b.getAttribute('data-live-device') === name)); });
  }

  function full(on) {
    document.documentElement.classList.toggle('cf-live-full', on);
    pane.querySelector('[data-live-full]').setAttribute('aria-pressed', String(on));
  }

  function close() {
    pane.hidden = true;
    document.documentElement.classList.remove('cf-live-on');
    full(false);
    openButton.setAttribute('aria-expanded', 'false');
    if (frame) frame.remove();
    frame = null; peer = null;
    pane.removeAttribute('data-handshaken');
    try { window.sessionStorage.removeItem(OPEN_KEY); } catch { /* ignore */ }
  }

  function open() {
    pane.hidden = false;
    document.documentElement.classList.add('cf-live-on');
    openButton.setAttribute('aria-expanded', 'true');
    try { window.sessionStorage.setItem(OPEN_KEY, '1'); } catch { /* ignore */ }
    if (frame) return;
    say('Opening your site…');
    fetch(pane.getAttribute('data-open-url'), { method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-Token': csrf(), Accept: 'application/json' } })
      .then(function (r) { return r.json().then(function (a) { return { ok: r.ok, answer: a }; }); })
      .then(function (r) {
        if (!r.ok) { say('The live preview could not open: ' + (r.answer && r.answer.reason || 'the admin refused.')); return; }
        // The frame may only ever show the configured origin (this page's CSP says the same).
        if (r.answer.origin !== ORIGIN || new URL(r.answer.src).origin !== ORIGIN) { say('The live preview could not open: the preview URL changed; reload this page.'); return; }
        base = r.answer.item;
        collectAssets(base, 0);
        rebuild();
        frame = document.createElement('iframe');
        frame.className = 'cf-live-frame';
        frame.title = 'Your site, showing this item as you edit it';
        frame.setAttribute('referrerpolicy', 'no-referrer');
        // The site keeps its own origin (its cookies, its scripts) but may not navigate the editor away.
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox');
        // A navigation in the frame must say hello again before it gets anything: each load of the
        // frame forgets the handshake (the SDK's hello reaches this page after the frame's load event).
        frame.addEventListener('load', function () {
          if (!peer) return;
          peer = null;
          pane.removeAttribute('data-handshaken');
          say('Your site shows another page; the preview follows what you type once that page answers.');
        });
        frame.src = r.answer.src;
        stage.appendChild(frame);
      })
      .catch(function () { say('The live preview could not open: the admin could not be reached. Try again.'); });
  }

  openButton.hidden = false;
  openButton.addEventListener('click', function () { if (pane.hidden) open(); else close(); });
  pane.querySelector('[data-live-close]').addEventListener('click', function () { close(); openButton.focus(); });
  pane.querySelector('[data-live-full]').addEventListener('click', function () { full(!document.documentElement.classList.contains('cf-live-full')); });
  pane.querySelectorAll('[data-live-device]').forEach(function (b) {
    b.addEventListener('click', function () { if (DEVICES.indexOf(b.getAttribute('data-live-device')) >= 0) device(b.getAttribute('data-live-device')); });
  });
  // Open again after this page's own reload (a save, an added row): the frame then reads the API afresh.
  try { if (window.sessionStorage.getItem(OPEN_KEY) === '1') open(); } catch { /* ignore */ }
})();
