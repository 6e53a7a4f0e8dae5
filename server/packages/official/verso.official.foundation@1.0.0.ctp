{
  "versoPackage": "1.1",
  "namespace": "verso.official",
  "id": "foundation",
  "version": "1.0.0",
  "name": "Foundation",
  "description": "Reusable components and choice sets for common page blocks.",
  "author": "Verso",
  "license": "MIT",
  "homepage": null,
  "templates": [],
  "picklists": [
    {
      "slug": "yes-no",
      "name": "Yes / No",
      "description": "An explicit yes or no for integrations that want a string; prefer Boolean fields otherwise.",
      "options": [
        { "label": "Yes", "value": "yes", "order": 0 },
        { "label": "No", "value": "no", "order": 1 }
      ]
    },
    {
      "slug": "call-to-action-style",
      "name": "Call to action style",
      "description": "How prominently a call to action is drawn.",
      "options": [
        { "label": "Primary", "value": "primary", "order": 0 },
        { "label": "Secondary", "value": "secondary", "order": 1 },
        { "label": "Link", "value": "link", "order": 2 }
      ]
    },
    {
      "slug": "notice-tone",
      "name": "Notice tone",
      "description": "The meaning of a notice, for its colour and icon.",
      "options": [
        { "label": "Information", "value": "info", "order": 0 },
        { "label": "Success", "value": "success", "order": 1 },
        { "label": "Warning", "value": "warning", "order": 2 },
        { "label": "Danger", "value": "danger", "order": 3 }
      ]
    }
  ],
  "components": [
    {
      "slug": "link",
      "name": "Link",
      "description": "A labelled link.",
      "fields": [
        { "key": "label", "label": "Label", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "Text", "fieldConfig": { "maxLength": 80 } },
        { "key": "url", "label": "URL", "order": 1, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "Link" }
      ]
    },
    {
      "slug": "call-to-action",
      "name": "Call to action",
      "description": "A heading, a short text and a link.",
      "fields": [
        { "key": "heading", "label": "Heading", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "Text", "fieldConfig": { "maxLength": 120 } },
        { "key": "body", "label": "Body", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Markdown" },
        { "key": "action", "label": "Action", "order": 2, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "componentRef": "link" },
        { "key": "style", "label": "Style", "order": 3, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "PickList", "picklistRef": "call-to-action-style" }
      ]
    },
    {
      "slug": "notice",
      "name": "Notice",
      "description": "An announcement or alert.",
      "fields": [
        { "key": "title", "label": "Title", "order": 0, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Text" },
        { "key": "body", "label": "Body", "order": 1, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "Markdown" },
        { "key": "tone", "label": "Tone", "order": 2, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "primitiveType": "PickList", "picklistRef": "notice-tone" }
      ]
    }
  ]
}
