// Progressive enhancement of the media library's upload form (views/media/library.eta): several
// files at once (the file input takes many, and files can be dropped on the upload card), each sent
// as its own multipart post with XMLHttpRequest so each shows its own progress. The admin answers
// such a request (Accept: application/json) with JSON: the new asset's page, or the API's refusal
// (title, detail, field messages). One file chosen with the Upload button goes to its page, as
// before; several stay listed here, each with its outcome and a link. Without JavaScript the form
// posts one file normally and the page is re-rendered with the same messages.
(function () {
  'use strict';

  function problemLines(failure) {
    var lines = [];
    var problem = (failure && failure.problem) || {};
    lines.push(problem.title || 'The upload failed');
    if (problem.detail) lines.push(problem.detail);
    var errors = (failure && failure.errors) || {};
    Object.keys(errors).forEach(function (pointer) {
      (errors[pointer] || []).forEach(function (message) { lines.push(message); });
    });
    return lines;
  }

  function showProblem(form, box, failure) {
    box.textContent = '';
    var wrap = document.createElement('div');
    wrap.className = 'problem';
    wrap.setAttribute('role', 'alert');
    problemLines(failure).forEach(function (line, i) {
      var p = document.createElement('p');
      if (i === 0) p.className = 'problem-title';
      else if (i === 1 && failure && failure.problem && failure.problem.detail) p.className = 'problem-detail';
      p.textContent = line;
      wrap.appendChild(p);
    });
    box.appendChild(wrap);
    var file = form.querySelector('input[type="file"]');
    if (file) file.focus();
  }

  function formatSize(n) {
    if (n < 1024) return n + ' B';
    if (n < 1024 * 1024) return (n / 1024).toFixed(1) + ' KB';
    return (n / 1024 / 1024).toFixed(1) + ' MB';
  }

  var counter = 0;

  /** One row of the upload list: the file's name, its own progress bar and its outcome. */
  function uploadRow(list, file) {
    var id = 'upload-' + (++counter);
    var li = document.createElement('li');
    li.className = 'media-upload-row';
    li.setAttribute('data-upload-file', file.name);
    var name = document.createElement('span');
    name.className = 'media-upload-name';
    name.id = id + '-name';
    name.textContent = file.name + ' (' + formatSize(file.size) + ')';
    var bar = document.createElement('progress');
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute('aria-labelledby', id + '-name');
    var state = document.createElement('span');
    state.className = 'media-upload-state muted small';
    state.textContent = 'Waiting';
    li.appendChild(name);
    li.appendChild(bar);
    li.appendChild(state);
    list.appendChild(li);
    return { li: li, bar: bar, state: state };
  }

  function send(form, file, row) {
    return new Promise(function (resolve) {
      var data = new FormData();
      // `_csrf` first: the route reads it before streaming the rest on (upload-stream.ts).
      data.append('_csrf', form.querySelector('input[name="_csrf"]').value);
      var alt = form.querySelector('input[name="altText"]');
      data.append('altText', alt ? alt.value : '');
      data.append('file', file, file.name);
      var xhr = new XMLHttpRequest();
      xhr.open('POST', form.action);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.responseType = 'json';
      row.state.textContent = '0%';
      xhr.upload.addEventListener('progress', function (e) {
        if (!e.lengthComputable) return;
        var p = Math.floor((e.loaded / e.total) * 100);
        row.bar.value = p;
        row.state.textContent = p + '%';
      });
      xhr.addEventListener('load', function () {
        var answer = xhr.response;
        if (xhr.status === 201 && answer && answer.location) {
          row.bar.value = 100;
          row.li.setAttribute('data-upload-state', 'done');
          row.state.textContent = '';
          var link = document.createElement('a');
          link.href = answer.location;
          link.textContent = 'Uploaded — open ' + (answer.fileName || file.name);
          row.state.appendChild(link);
          resolve({ ok: true, location: answer.location });
          return;
        }
        var failure = answer || { problem: { title: 'The upload failed (' + xhr.status + ')' } };
        row.li.setAttribute('data-upload-state', 'failed');
        row.state.className = 'media-upload-state media-upload-failed small';
        row.state.textContent = 'Not uploaded: ' + problemLines(failure).join(' ');
        resolve({ ok: false, failure: failure });
      });
      xhr.addEventListener('error', function () {
        var failure = { problem: { title: 'The upload failed', detail: 'The connection to the admin was lost; try again.' } };
        row.li.setAttribute('data-upload-state', 'failed');
        row.state.className = 'media-upload-state media-upload-failed small';
        row.state.textContent = 'Not uploaded: ' + problemLines(failure).join(' ');
        resolve({ ok: false, failure: failure });
      });
      xhr.send(data);
    });
  }

  function enhance(form) {
    var input = form.querySelector('input[type="file"]');
    var list = document.querySelector('[data-upload-list]');
    var summary = document.querySelector('[data-upload-summary]');
    var box = document.querySelector('[data-upload-problem]');
    var zone = form.closest('[data-upload-zone]') || form;
    if (!input || !list || !summary || !box || typeof FormData === 'undefined' || input.disabled) return;
    input.multiple = true;
    var label = form.querySelector('label[for="' + input.id + '"]');
    if (label) label.textContent = 'Files';
    var hint = document.getElementById('upload-drop-hint');
    if (hint) hint.hidden = false;
    var button = form.querySelector('button[type="submit"]');
    var busy = false;

    function upload(files, goToSingle) {
      if (busy || files.length === 0) return;
      busy = true;
      if (button) button.disabled = true;
      box.textContent = '';
      list.textContent = '';
      list.hidden = false;
      summary.textContent = files.length === 1 ? 'Uploading 1 file.' : 'Uploading ' + files.length + ' files.';
      var rows = files.map(function (f) { return uploadRow(list, f); });
      var results = [];
      // One after the other: each file gets the whole connection, and its own bar shows it.
      var chain = Promise.resolve();
      files.forEach(function (f, i) {
        chain = chain.then(function () { return send(form, f, rows[i]).then(function (r) { results.push(r); }); });
      });
      chain.then(function () {
        busy = false;
        if (button) button.disabled = false;
        var done = results.filter(function (r) { return r.ok; }).length;
        if (goToSingle && files.length === 1) {
          if (results[0].ok) { window.location.assign(results[0].location); return; }
          list.hidden = true;
          summary.textContent = '';
          showProblem(form, box, results[0].failure);
          return;
        }
        summary.textContent = done + ' of ' + files.length + ' uploaded' + (done < files.length ? '; the others say why below.' : '.') + ' ';
        var refresh = document.createElement('a');
        refresh.href = window.location.pathname;
        refresh.textContent = 'Show the library with them';
        summary.appendChild(refresh);
        input.value = '';
      });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      upload(Array.prototype.slice.call(input.files || []), true);
    });
    input.addEventListener('change', function () {
      // Several files chosen at once start at once; one waits for the Upload button (and the alt text).
      if (input.files && input.files.length > 1) upload(Array.prototype.slice.call(input.files), false);
    });
    ['dragenter', 'dragover'].forEach(function (type) {
      zone.addEventListener(type, function (event) {
        if (!event.dataTransfer || Array.prototype.indexOf.call(event.dataTransfer.types || [], 'Files') < 0) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        zone.classList.add('media-dragging');
      });
    });
    zone.addEventListener('dragleave', function (event) {
      if (!zone.contains(event.relatedTarget)) zone.classList.remove('media-dragging');
    });
    zone.addEventListener('drop', function (event) {
      if (!event.dataTransfer || !event.dataTransfer.files || event.dataTransfer.files.length === 0) return;
      event.preventDefault();
      zone.classList.remove('media-dragging');
      upload(Array.prototype.slice.call(event.dataTransfer.files), false);
    });
  }

  function start() {
    document.querySelectorAll('form[data-media-upload]').forEach(enhance);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
