{
  "versoPackage": "1.1",
  "namespace": "verso.official",
  "id": "blog",
  "version": "1.0.0",
  "name": "Blog Starter",
  "description": "Articles with authors, categories, SEO metadata and a flexible body of blocks.",
  "author": "Verso",
  "license": "MIT",
  "homepage": null,
  "picklists": [
    {
      "slug": "blog-category",
      "name": "Blog category",
      "description": "The section of the blog an article belongs to.",
      "options": [
        { "label": "News", "value": "news", "order": 0 },
        { "label": "Guides", "value": "guides", "order": 1 },
        { "label": "Opinion", "value": "opinion", "order": 2 },
        { "label": "Release notes", "value": "release-notes", "order": 3 }
      ]
    }
  ],
  "components": [
    {
      "slug": "seo",
      "name": "SEO metadata",
      "description": "What search engines and link previews show for a page.",
      "fields": [
        { "key": "metaTitle", "label": "Meta title", "helpText": "Shown as the search result's title; keep it under 60 characters.", "order": 0, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Text", "fieldConfig": { "maxLength": 60 } },
        { "key": "metaDescription", "label": "Meta description", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Text", "fieldConfig": { "maxLength": 160 } },
        { "key": "shareImage", "label": "Share image", "order": 2, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Media" },
        { "key": "noIndex", "label": "Hide from search engines", "order": 3, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "primitiveType": "Boolean" }
      ]
    }
  ],
  "templates": [
    {
      "slug": "author",
      "name": "Author",
      "description": "A person who writes articles.",
      "sections": [],
      "fields": [
        { "key": "name", "label": "Name", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Text", "fieldConfig": { "maxLength": 120 } },
        { "key": "portrait", "label": "Portrait", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Media" },
        { "key": "bio", "label": "Biography", "order": 2, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Markdown" }
      ]
    },
    {
      "slug": "quote-block",
      "name": "Quote block",
      "description": "A pull quote inside an article body.",
      "sections": [],
      "fields": [
        { "key": "quote", "label": "Quote", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Quote" },
        { "key": "attribution", "label": "Attribution", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Text" }
      ]
    },
    {
      "slug": "image-block",
      "name": "Image block",
      "description": "An image with a caption inside an article body.",
      "sections": [],
      "fields": [
        { "key": "image", "label": "Image", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Media" },
        { "key": "caption", "label": "Caption", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Text" }
      ]
    },
    {
      "slug": "article",
      "name": "Article",
      "description": "A blog article.",
      "sections": [
        {
          "name": "Header",
          "description": "What lists and previews show.",
          "order": 0,
          "isCollapsible": false,
          "fields": [
            { "key": "title", "label": "Title", "order": 0, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Text", "fieldConfig": { "maxLength": 120 } },
            { "key": "summary", "label": "Summary", "order": 1, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Text", "fieldConfig": { "maxLength": 300 } },
            { "key": "category", "label": "Category", "order": 2, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "PickList", "picklistRef": "blog-category" },
            { "key": "author", "label": "Author", "order": 3, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "templateRef": "author" }
          ]
        },
        {
          "name": "SEO",
          "description": null,
          "order": 1,
          "isCollapsible": true,
          "fields": [
            { "key": "seo", "label": "SEO", "order": 0, "isRequired": false, "minOccurrences": 0, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "componentRef": "seo" }
          ]
        }
      ],
      "fields": [
        { "key": "body", "label": "Body", "order": 10, "isRequired": true, "minOccurrences": 1, "maxOccurrences": 1, "isOpen": false, "compositionMode": "Inline", "primitiveType": "Markdown" },
        { "key": "blocks", "label": "Blocks", "helpText": "Quotes and images placed after the body.", "order": 11, "isRequired": false, "minOccurrences": 0, "maxOccurrences": null, "isOpen": true, "compositionMode": "Inline", "allowedTypes": [ { "templateRef": "quote-block" }, { "templateRef": "image-block" } ] }
      ]
    }
  ]
}
