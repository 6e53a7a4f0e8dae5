// Progressive enhancement for the management screens: a "Copy" button next to a secret shown once
// (API-client token, temporary password). Without JavaScript the read-only field is selected and
// copied by hand; nothing here sends the secret anywhere.
(function () {
  'use strict';
  function enhance() {
    document.querySelectorAll('button[data-copy]').forEach(function (button) {
      var field = document.getElementById(button.getAttribute('data-copy'));
      var status = document.querySelector('[data-copy-status="' + button.getAttribute('data-copy') + '"]');
      if (!field || !navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener('click', function () {
        navigator.clipboard.writeText(field.value).then(
          function () { if (status) status.textContent = 'Copied to the clipboard.'; },
          function () { field.select(); if (status) status.textContent = 'Copying was refused: the field is selected, press Ctrl+C or ⌘C.'; }
        );
      });
    });
    document.querySelectorAll('input[data-secret]').forEach(function (field) {
      field.addEventListener('focus', function () { field.select(); });
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance);
  else enhance();
})();
