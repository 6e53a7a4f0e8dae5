// Progressive enhancement of the media library's upload form (views/media/library.eta): the same
// multipart post, sent with XMLHttpRequest so its upload progress can be shown. The admin answers
// such a request (Accept: application/json) with JSON: the new asset's page to go to, or the API's
// refusal (title, detail, field messages), shown above the form. Without JavaScript the form posts
// normally and the page is re-rendered with the same messages.
(function () {
  'use strict';

  function showProblem(form, box, failure) {
    box.textContent = '';
    var wrap = document.createElement('div');
    wrap.className = 'problem';
    wrap.setAttribute('role', 'alert');
    var title = document.createElement('p');
    title.className = 'problem-title';
    title.textContent = (failure && failure.problem && failure.problem.title) || 'The upload failed';
    wrap.appendChild(title);
    var detail = failure && failure.problem && failure.problem.detail;
    if (detail) {
      var p = document.createElement('p');
      p.className = 'problem-detail';
      p.textContent = detail;
      wrap.appendChild(p);
    }
    var errors = (failure && failure.errors) || {};
    Object.keys(errors).forEach(function (pointer) {
      (errors[pointer] || []).forEach(function (message) {
        var m = document.createElement('p');
        m.textContent = message;
        wrap.appendChild(m);
      });
    });
    box.appendChild(wrap);
    var file = form.querySelector('input[type="file"]');
    if (file) file.focus();
  }

  function enhance(form) {
    var progress = form.querySelector('[data-upload-progress]');
    var bar = progress && progress.querySelector('progress');
    var percent = progress && progress.querySelector('[data-upload-percent]');
    var box = document.querySelector('[data-upload-problem]');
    if (!progress || !bar || !percent || !box || typeof FormData === 'undefined') return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button[type="submit"]');
      var xhr = new XMLHttpRequest();
      xhr.open('POST', form.action);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.responseType = 'json';
      xhr.upload.addEventListener('progress', function (e) {
        if (!e.lengthComputable) return;
        var p = Math.floor((e.loaded / e.total) * 100);
        bar.value = p;
        percent.textContent = p + '%';
      });
      xhr.addEventListener('load', function () {
        var answer = xhr.response;
        if (xhr.status === 201 && answer && answer.location) {
          percent.textContent = 'Uploaded.';
          window.location.assign(answer.location);
          return;
        }
        progress.hidden = true;
        if (button) button.disabled = false;
        showProblem(form, box, answer || { problem: { title: 'The upload failed (' + xhr.status + ')' } });
      });
      xhr.addEventListener('error', function () {
        progress.hidden = true;
        if (button) button.disabled = false;
        showProblem(form, box, { problem: { title: 'The upload failed', detail: 'The connection to the admin was lost; try again.' } });
      });
      box.textContent = '';
      bar.value = 0;
      percent.textContent = '0%';
      progress.hidden = false;
      if (button) button.disabled = true;
      // FormData keeps the form's order, so `_csrf` stays the first part (the route reads it first).
      xhr.send(new FormData(form));
    });
  }

  function start() {
    document.querySelectorAll('form[data-media-upload]').forEach(enhance);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
