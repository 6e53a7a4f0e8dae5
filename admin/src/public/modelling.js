// Progressive enhancement for the modelling screens (templates, components); every form works
// without it.
// - A create form's slug follows its name (lower-case words joined by -) until the slug is edited
//   by hand; a slug the page was rendered with that the name does not produce counts as edited.
// - A field's type-specific inputs (picklist, component, composition, Text's maximum length) show
//   only for the type chosen (and wherever the API reported a problem); without JavaScript they all
//   show, each saying which type it is for.
(function () {
  'use strict';

  function slugify(name) {
    return name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '');
  }

  function followName(slug) {
    var name = document.getElementById(slug.getAttribute('data-slug-from'));
    if (!name) return;
    var edited = slug.value !== '' && slug.value !== slugify(name.value);
    slug.addEventListener('input', function () {
      // Clearing the slug hands it back to the name.
      edited = slug.value !== '';
    });
    name.addEventListener('input', function () {
      if (!edited) slug.value = slugify(name.value);
    });
  }

  function showKindGroups(container) {
    var select = container.querySelector('select[data-kind]');
    if (!select) return;
    function update() {
      container.querySelectorAll('[data-kinds]').forEach(function (group) {
        // A group the API reported a problem in stays visible, whatever the type.
        var applies = group.getAttribute('data-kinds').split(' ').indexOf(select.value) >= 0;
        group.hidden = !applies && !group.querySelector('[aria-invalid="true"]');
      });
    }
    select.addEventListener('change', update);
    update();
  }

  function enhance() {
    document.querySelectorAll('input[data-slug-from]').forEach(followName);
    document.querySelectorAll('[data-field-inputs]').forEach(showKindGroups);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance);
  else enhance();
})();
