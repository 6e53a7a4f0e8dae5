// Progressive enhancement for the library screens. Package import: a chosen .json file is read in
// the page into the "paste" text area and the form is sent urlencoded, so the upload does not
// depend on multipart handling (without JavaScript the form posts the file as multipart/form-data,
// which the server reads the same way). Nothing here is needed for any form to work.
(function () {
  'use strict';
  function enhanceUpload(form) {
    var file = form.querySelector('input[type="file"][name="packageFile"]');
    var text = form.querySelector('textarea[name="packageText"]');
    if (!file || !text || !window.FileReader) return;
    form.addEventListener('submit', function (event) {
      var chosen = file.files && file.files[0];
      if (!chosen || form.getAttribute('data-read') === 'yes') return;
      event.preventDefault();
      var reader = new FileReader();
      reader.onload = function () {
        text.value = String(reader.result);
        file.disabled = true;
        form.enctype = 'application/x-www-form-urlencoded';
        form.setAttribute('data-read', 'yes');
        form.submit();
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
