// Progressive enhancement for the library screens. Package import: the form is sent urlencoded, a
// chosen .json file read in the page into the "paste" text area first. Without JavaScript the form
// posts as multipart/form-data (the file itself), which the server reads the same way.
(function () {
  'use strict';
  function enhanceUpload(form) {
    var file = form.querySelector('input[type="file"][name="packageFile"]');
    var text = form.querySelector('textarea[name="packageText"]');
    if (!file || !text || !window.FileReader) return;
    function send() {
      file.disabled = true;
      form.enctype = 'application/x-www-form-urlencoded';
      form.setAttribute('data-read', 'yes');
      form.submit();
    }
    form.addEventListener('submit', function (event) {
      if (form.getAttribute('data-read') === 'yes') return;
      event.preventDefault();
      var chosen = file.files && file.files[0];
      if (!chosen) return send();
      var reader = new FileReader();
      reader.onload = function () {
        text.value = String(reader.result);
        send();
      };
      reader.onerror = function () {
        // Reading failed in the page: send the form as it is (multipart) and let the server read it.
        form.setAttribute('data-read', 'yes');
        form.submit();
      };
      reader.readAsText(chosen);
    });
    // Back to this page from the preview (back/forward cache): the form as it was first rendered.
    window.addEventListener('pageshow', function () {
      file.disabled = false;
      form.enctype = 'multipart/form-data';
      form.removeAttribute('data-read');
    });
  }
  function enhance() {
    document.querySelectorAll('form[data-package-upload]').forEach(enhanceUpload);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance);
  else enhance();
})();
