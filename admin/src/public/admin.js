// Progressive enhancement only: every form works without this file.
// - The workspace switcher submits on change (its Go button stays for keyboard and no-JS users).
// - Clicking outside an open user menu closes it; Escape closes it and returns focus.
// - A page that asks to be reloaded (<html data-reload-after="s">: "Verso is starting") reloads after
//   that many seconds; without JavaScript its <noscript> meta refresh does the same.
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var reloadAfter = Number(document.documentElement.getAttribute('data-reload-after'));
  if (reloadAfter > 0) setTimeout(function () { window.location.reload(); }, reloadAfter * 1000);
  document.addEventListener('change', function (event) {
    var el = event.target;
    if (!el || !el.matches || !el.matches('select[data-autosubmit]') || !el.form) return;
    if (el.form.requestSubmit) el.form.requestSubmit();
    else el.form.submit();
  });
  document.addEventListener('click', function (event) {
    document.querySelectorAll('details.user-menu[open]').forEach(function (menu) {
      if (!menu.contains(event.target)) menu.removeAttribute('open');
    });
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    document.querySelectorAll('details.user-menu[open]').forEach(function (menu) {
      menu.removeAttribute('open');
      var summary = menu.querySelector('summary');
      if (summary) summary.focus();
    });
  });
})();
