// DO NOT EDIT: generated from openapi/ by `make generate`.
/* eslint-disable */
// The MCP tools, from scripts/mcp-tools.mjs's allow-list and the contract's operations.

export interface McpToolParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly style?: string;
  readonly explode?: boolean;
}

export interface McpToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  readonly path: string;
  readonly parameters: readonly McpToolParameter[];
  readonly hasBody: boolean;
  readonly inputSchema: { readonly type: 'object'; readonly [keyword: string]: unknown };
}

export const mcpTools: readonly McpToolDefinition[] = [
  {
    "name": "listTemplates",
    "description": "List the workspace's templates, ordered by name.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "search",
        "in": "query"
      },
      {
        "name": "isSystem",
        "in": "query"
      },
      {
        "name": "page",
        "in": "query"
      },
      {
        "name": "pageSize",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "search": {
          "type": "string",
          "maxLength": 200,
          "description": "Case-insensitive substring of the name or slug."
        },
        "isSystem": {
          "type": "boolean",
          "description": "Accepted for upstream compatibility and ignored (no template is a system template)."
        },
        "page": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "default": 1,
          "description": "1-based page number (the name is matched case-insensitively, so `Page` works too)."
        },
        "pageSize": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page."
        }
      },
      "required": [
        "workspaceId"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "getTemplate",
    "description": "A template with its current version (the published one, else the draft).",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "listComponents",
    "description": "List the workspace's components, ordered by name.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/components",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "search",
        "in": "query"
      },
      {
        "name": "page",
        "in": "query"
      },
      {
        "name": "pageSize",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "search": {
          "type": "string",
          "maxLength": 200,
          "description": "Case-insensitive substring of the name or slug."
        },
        "page": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "default": 1,
          "description": "1-based page number (the name is matched case-insensitively, so `Page` works too)."
        },
        "pageSize": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page."
        }
      },
      "required": [
        "workspaceId"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "getComponent",
    "description": "A component with its current version (the published one, else the draft).",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "listContent",
    "description": "List content items, optionally only those served at an instant.\n\nA constant number of SQL statements whatever the page size or data volume. With `resolve=true`, one (the paged\nprojection also carries the total), two for a page past the end (a count added); otherwise two (a count and the\npaged projection).\n\nWith `resolve=true` the page is read from what each item serves, kept up to date in the same transaction as every\nwrite that changes it (publish, archive, restore, delete, schedule, window) and computed for all time, so `asOf` in\nthe past or future reads it too and a window opening or closing needs no write. The page then costs the page (plus\n`(page - 1) × pageSize` skipped index entries), not the workspace. `totalCount` is always exact: with no filter\nother than `templateId`, `templateVersionId` and `localeCode` it is read from counts kept per workspace, template\nversion and locale (no scan); with any other filter (`q`, `tags`, `status`, `slug`, `translationGroupId`, the date\nranges) it counts the matching items, a cost that grows with the number of items the filter matches.\n\nWith `locale` (Verso extension) the list has one entry per translation group (and one per item without a group):\nthe member the group serves in that locale along its fallback chain (see the parameter), and every other filter,\nthe sort and the paging apply to that member. `localeCode` then filters on the served member's locale. With `locale` and\nno other filter, `totalCount` is read from counts kept per set of locales a group serves in; with other filters the\nmatching entries are counted.\n\nA resolved page at \"now\" (no `q`) is also kept finished, gzip-compressed, in PostgreSQL under the state it was\nread after, and served from there while nothing it depends on has changed: one statement and no compression work\nper request. Every published page is answered gzip-coded (`Content-Encoding: gzip`) to a client whose\nAccept-Encoding accepts gzip (`gzip`, `x-gzip` or `*`, not with `q=0`), with its own ETag (see the Vary and ETag\nheaders); any other client, and every preview token's read, gets the JSON as is. Content-Encoding is HTTP's own\nframing of the body, so it is not declared as a header here.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "q",
        "in": "query"
      },
      {
        "name": "templateVersionId",
        "in": "query"
      },
      {
        "name": "templateId",
        "in": "query"
      },
      {
        "name": "status",
        "in": "query"
      },
      {
        "name": "localeCode",
        "in": "query"
      },
      {
        "name": "translationGroupId",
        "in": "query"
      },
      {
        "name": "slug",
        "in": "query"
      },
      {
        "name": "tags",
        "in": "query"
      },
      {
        "name": "createdAfter",
        "in": "query"
      },
      {
        "name": "createdBefore",
        "in": "query"
      },
      {
        "name": "publishedAfter",
        "in": "query"
      },
      {
        "name": "publishedBefore",
        "in": "query"
      },
      {
        "name": "resolve",
        "in": "query"
      },
      {
        "name": "asOf",
        "in": "query"
      },
      {
        "name": "filter",
        "in": "query",
        "style": "deepObject",
        "explode": true
      },
      {
        "name": "sortBy",
        "in": "query"
      },
      {
        "name": "sortDesc",
        "in": "query"
      },
      {
        "name": "page",
        "in": "query"
      },
      {
        "name": "pageSize",
        "in": "query"
      },
      {
        "name": "locale",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "q": {
          "type": "string",
          "maxLength": 200,
          "description": "Case-insensitive substring of the slug or of any version's text value."
        },
        "templateVersionId": {
          "type": "string",
          "format": "uuid",
          "description": "Items whose (latest) template version is this one."
        },
        "templateId": {
          "type": "string",
          "format": "uuid",
          "description": "Items whose template is this one (any of its versions)."
        },
        "status": {
          "$ref": "#/$defs/ContentStatus",
          "description": "Items with at least one version in this status."
        },
        "localeCode": {
          "type": "string",
          "maxLength": 20
        },
        "translationGroupId": {
          "type": "string",
          "format": "uuid"
        },
        "slug": {
          "type": "string",
          "maxLength": 100,
          "description": "Exact slug."
        },
        "tags": {
          "type": "string",
          "maxLength": 2000,
          "description": "Comma-separated tag names (trimmed, case-insensitive); an item must carry all of them."
        },
        "createdAfter": {
          "type": "string",
          "format": "date-time"
        },
        "createdBefore": {
          "type": "string",
          "format": "date-time"
        },
        "publishedAfter": {
          "type": "string",
          "format": "date-time",
          "description": "Items with at least one version published at or after this instant."
        },
        "publishedBefore": {
          "type": "string",
          "format": "date-time",
          "description": "Items with at least one version published before this instant."
        },
        "resolve": {
          "type": "boolean",
          "default": false,
          "description": "List only items served at `asOf`, one row per item carrying the served version as `currentlyServingVersion`\n(`createdAt` and `updatedAt` then carry its `publishedAt`, `versionCount` is 1).\n"
        },
        "asOf": {
          "type": "string",
          "format": "date-time",
          "description": "The instant to resolve served versions at (default now)."
        },
        "filter": {
          "type": "object",
          "maxProperties": 20,
          "propertyNames": {
            "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,63}$"
          },
          "additionalProperties": {
            "$ref": "#/$defs/FieldFilterOperations"
          },
          "description": "Field filters (Verso's), each `filter[<fieldKey>][<op>]=<value>`, all combined with AND; they need `templateId`\n(a field key means something only within one template) and apply to the published reads (`resolve=true`, `asOf`\ntoo) and the plain list alike. The ops:\n- `eq`, `ne`, `lt`, `lte`, `gt`, `gte`: compared by the field's type — Number as numbers, Date as calendar dates\n  (`2026-12-24`), DateTime as instants (RFC 3339 with an offset), Boolean (`true`/`false`), PickList by option value,\n  ChildContent by the child item's id, Text, Markdown and Link as text (case-sensitive, by code point); `ne`\n  matches the items none of whose values equals the operand, items without a value included;\n- `in`: any of a comma-separated list of values (at most 100);\n- `exists`: `true` (the item has a value for the field) or `false` (it has none);\n- `contains`: a case-insensitive substring, on Text, Markdown, RichText and Link fields.\n\nA repeated field (more than one occurrence) matches when any of its values does (`ne` and `exists=false`: when\nnone does). The filters are checked before any list query: an unknown field key, an op the\nfield's type does not support, a value that does not parse as the field's type, or a filter without `templateId` is\na 400 naming the parameter (`query.filter[<fieldKey>][<op>]`) and the reason. Example:\n`?templateId=…&filter[eventDate][gte]=2026-12-01&filter[city][eq]=Berlin&sortBy=fields.eventDate&sortDesc=false`.\nA preview token's list refuses field filters, and sorts other than createdAt, updatedAt and slug, with a 400.\n"
        },
        "sortBy": {
          "type": "string",
          "pattern": "^(?:[Cc]reated[Aa]t|[Uu]pdated[Aa]t|[Ss]lug|[Tt]itle|fields\\.[A-Za-z][A-Za-z0-9_-]{0,63})$",
          "maxLength": 71,
          "default": "createdAt",
          "examples": [
            "createdAt",
            "fields.eventDate"
          ],
          "description": "`createdAt`, `updatedAt` or `slug` (case-insensitive); Verso's: `title` (the title shown for the row: the served\nversion's on a published read, the item's on the plain list — its newest version's that has one; a sort that reads every matching item, for\nediting screens rather than sites) or `fields.<fieldKey>`, by a field of the template\nnamed by `templateId`, which is then required. A field sort compares by the field's type (numbers as numbers, dates\nand instants in time order, text by code point), uses a repeated field's first value, puts items without a value\nlast in both directions, and breaks ties by the item's id so that pages are stable. Text, Markdown, Link,\nPickList, Boolean, Number, Date, DateTime and ChildContent fields can be sorted by.\n"
        },
        "sortDesc": {
          "type": "boolean",
          "default": true
        },
        "page": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "default": 1,
          "description": "1-based page number (the name is matched case-insensitively, so `Page` works too)."
        },
        "pageSize": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page."
        },
        "locale": {
          "$ref": "#/$defs/LanguageTag",
          "description": "The reader's locale (Verso extension). The slug (or each list entry) names a translation group, and the read serves the group's member in this locale, else the first member along its fallback chain (the workspace's locales), else the default locale's, else a member without a locale; a locale the workspace does not configure falls back through its configured prefixes (`de-AT` → `de`) to the default. Children are resolved the same way. Omitted: the item itself, exactly as without localization. Compared regardless of case and answered canonical (`de-ch` is `de-CH`)."
        }
      },
      "required": [
        "workspaceId"
      ],
      "additionalProperties": false,
      "$defs": {
        "ContentStatus": {
          "type": "string",
          "description": "A version's place in the review workflow: Draft → Review → Approved → Published → Archived\n(reject: Review → Draft; restore: Archived → Draft; an Admin may publish Draft or Review with `overrideWorkflow`).\n",
          "enum": [
            "Draft",
            "Review",
            "Approved",
            "Published",
            "Archived"
          ]
        },
        "FieldFilterOperations": {
          "type": "object",
          "description": "The conditions on one field of a list's field filter (see the `filter` parameter of listContent), each op's operand as text.",
          "minProperties": 1,
          "additionalProperties": false,
          "properties": {
            "eq": {
              "type": "string",
              "maxLength": 1000,
              "description": "Equal to the value."
            },
            "ne": {
              "type": "string",
              "maxLength": 1000,
              "description": "No value equal to this one (items without a value match too)."
            },
            "lt": {
              "type": "string",
              "maxLength": 1000,
              "description": "Less than the value."
            },
            "lte": {
              "type": "string",
              "maxLength": 1000,
              "description": "Less than or equal to the value."
            },
            "gt": {
              "type": "string",
              "maxLength": 1000,
              "description": "Greater than the value."
            },
            "gte": {
              "type": "string",
              "maxLength": 1000,
              "description": "Greater than or equal to the value."
            },
            "in": {
              "type": "string",
              "maxLength": 10000,
              "description": "Any of these comma-separated values (at most 100)."
            },
            "exists": {
              "type": "string",
              "enum": [
                "true",
                "false"
              ],
              "description": "`true`: the item has a value for the field; `false`: it has none."
            },
            "contains": {
              "type": "string",
              "minLength": 1,
              "maxLength": 200,
              "description": "A case-insensitive substring (Text, Markdown, RichText and Link fields)."
            }
          }
        },
        "LanguageTag": {
          "type": "string",
          "description": "A BCP 47 language tag (`en`, `de-CH`, `zh-Hant-TW`). Verso stores and answers it in its canonical form (`de-ch` is `de-CH`), and compares it regardless of case.",
          "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
          "minLength": 2,
          "maxLength": 20
        }
      }
    }
  },
  {
    "name": "getContentBySlug",
    "description": "The version of the item with this slug that is served at `asOf` (default now).\n\nWith `locale` (Verso extension) the slug names its item's translation group, and the answer is the version served\nby the group's member in that locale, else by the first member along the locale's fallback chain (see the\nparameter). The answer then also carries `requestedLocale` and `alternates` (every member that serves something,\nfor `hreflang`), and `Content-Language` names the served member's locale; `/by-slug/about-us?locale=de` serves\nthe German member `ueber-uns`. Fields a template shares across translations (`localized: false`) are served from\nthe default-locale member's served version, in every read. Children are resolved in the reader's locale.\n\nWith a preview token and `locale`, the members compete with what each has to preview (its newest version that is\nnot Archived, in its window when `asOf` names an instant), and `alternates` are the members that have something\nto preview. A token scoped to one item answers only when the member picked is that item (its children as the\nsite serves them in that locale); when the chain picks another member the read is 404, as for any item outside\nthe token's reach.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/by-slug/{slug}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "slug",
        "in": "path"
      },
      {
        "name": "asOf",
        "in": "query"
      },
      {
        "name": "expandChildren",
        "in": "query"
      },
      {
        "name": "locale",
        "in": "query"
      },
      {
        "name": "sourceMap",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "slug": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100
        },
        "asOf": {
          "type": "string",
          "format": "date-time",
          "description": "The instant to resolve served versions at (default now)."
        },
        "expandChildren": {
          "type": "boolean",
          "default": true,
          "description": "Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`."
        },
        "locale": {
          "$ref": "#/$defs/LanguageTag",
          "description": "The reader's locale (Verso extension). The slug (or each list entry) names a translation group, and the read serves the group's member in this locale, else the first member along its fallback chain (the workspace's locales), else the default locale's, else a member without a locale; a locale the workspace does not configure falls back through its configured prefixes (`de-AT` → `de`) to the default. Children are resolved the same way. Omitted: the item itself, exactly as without localization. Compared regardless of case and answered canonical (`de-ch` is `de-CH`)."
        },
        "sourceMap": {
          "type": "boolean",
          "default": false,
          "description": "Verso extension, for live preview and click-to-edit: with `true`, a preview token's answer also carries `sourceMap`, naming where each value it renders is edited. Honoured only for a preview token; any other caller's read ignores it (the answer, its ETag and its cache entry are those of the same read without it), so a site may always send it."
        }
      },
      "required": [
        "workspaceId",
        "slug"
      ],
      "additionalProperties": false,
      "$defs": {
        "LanguageTag": {
          "type": "string",
          "description": "A BCP 47 language tag (`en`, `de-CH`, `zh-Hant-TW`). Verso stores and answers it in its canonical form (`de-ch` is `de-CH`), and compares it regardless of case.",
          "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
          "minLength": 2,
          "maxLength": 20
        }
      }
    }
  },
  {
    "name": "getContent",
    "description": "A content item with every version summary and the version served now.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "listContentVersions",
    "description": "The item's versions, highest number first.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "page",
        "in": "query"
      },
      {
        "name": "pageSize",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "page": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "default": 1,
          "description": "1-based page number (the name is matched case-insensitively, so `Page` works too)."
        },
        "pageSize": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page."
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "getContentVersion",
    "description": "One version with its field values.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "versionNumber",
        "in": "path"
      },
      {
        "name": "expandChildren",
        "in": "query"
      },
      {
        "name": "sourceMap",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "versionNumber": {
          "type": "integer",
          "format": "int32",
          "minimum": 1
        },
        "expandChildren": {
          "type": "boolean",
          "default": true,
          "description": "Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`."
        },
        "sourceMap": {
          "type": "boolean",
          "default": false,
          "description": "Verso extension, for live preview and click-to-edit: with `true`, a preview token's answer also carries `sourceMap`, naming where each value it renders is edited. Honoured only for a preview token; any other caller's read ignores it (the answer, its ETag and its cache entry are those of the same read without it), so a site may always send it."
        }
      },
      "required": [
        "workspaceId",
        "id",
        "versionNumber"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "compareContentVersions",
    "description": "Two versions of an item in one read, to compare them field by field (Verso extension, issue\n\nThe item (as `GET …/content/{id}` answers it) and its versions `from` and `to` (as `GET …/versions/{n}` answers\nthem with `expandChildren=false`), plus the name of every child item either version names — the title, slug and\ntemplate of the version that child serves now — so a client can show \"what changed\" by title without reading\nwhole children. Without `to` the latest version is compared; without `from`, the version before `to` (or `to`\nitself when it is version 1). A version number the item does not have is 404. The answer carries a strong ETag\n(a digest of its bytes) and `If-None-Match` naming it is 304, so a client that keeps what it made of the two\nversions does not read them again. Not in upstream's contract: its clients read the two versions one by one.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/compare",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "from",
        "in": "query"
      },
      {
        "name": "to",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "from": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "description": "The older side's version number (default the version before `to`)."
        },
        "to": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "description": "The newer side's version number (default the latest version)."
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "listMedia",
    "description": "List the workspace's media assets, newest first.",
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/media",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "page",
        "in": "query"
      },
      {
        "name": "pageSize",
        "in": "query"
      },
      {
        "name": "mimeType",
        "in": "query"
      },
      {
        "name": "search",
        "in": "query"
      },
      {
        "name": "ids",
        "in": "query"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "page": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "default": 1,
          "description": "1-based page number (the name is matched case-insensitively, so `Page` works too)."
        },
        "pageSize": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Items per page."
        },
        "mimeType": {
          "type": "string",
          "maxLength": 255,
          "description": "Only assets whose MIME type starts with this (`image/`, `application/pdf`)."
        },
        "search": {
          "type": "string",
          "maxLength": 200,
          "description": "Only assets whose file name contains this (case-insensitive)."
        },
        "ids": {
          "type": "string",
          "maxLength": 3800,
          "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(,[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}){0,99}$",
          "examples": [
            "01a21f94-a659-7575-8a72-4fa2edc14f69,01a21f94-a695-70f3-9876-18904283629f"
          ],
          "description": "Verso extension: only these assets (comma-separated ids, at most 100), so a screen showing a version's Media and File values reads their names, types and sizes in one call. Ids the workspace does not show are left out."
        }
      },
      "required": [
        "workspaceId"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "createContent",
    "description": "Create a content item and its version 1 (Draft).\n\nVersion 1 is a Draft and may be incomplete; required fields and minimum occurrences are checked when it leaves Draft (submit, publish). Types, shapes, maximums and references are checked now. Once the workspace configures locales, `localeCode` must be one of them (422 at `/localeCode`) and is stored as configured (`de-ch` is `de-CH`); null is always allowed.",
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      }
    ],
    "hasBody": true,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "body": {
          "$ref": "#/$defs/CreateContentItemRequest"
        }
      },
      "required": [
        "workspaceId",
        "body"
      ],
      "additionalProperties": false,
      "$defs": {
        "ContentFieldValueRequest": {
          "type": "object",
          "description": "One value of one field of the version's template version. Repeated fields send one value per occurrence; values of\none field submitted with equal `order` are renumbered in the order they were sent. Which member carries the value\ndepends on `valueKind`: `textValue` (Text, RichText, Markdown, Link, Quote, and PickList option values),\n`boolValue` (Boolean), `mediaAssetId` (Media), `fileAssetId` (File), `childContentItemId` (ChildContent),\n`jsonValue` (Component values, an object keyed by the component's field keys; Json values; also Link and Quote),\n`numberValue` (Number), `dateValue` (Date) and `dateTimeValue` (DateTime). Inside a Component value the members\nof these types follow the same rules: a Number member is a JSON number, Date and DateTime members are strings (a\nDateTime kept in UTC as a DateTime value is), and a Json member is any JSON value, a list included (never split\ninto occurrences), checked against its `fieldConfig.schema`.\n",
          "required": [
            "fieldId",
            "order",
            "valueKind"
          ],
          "properties": {
            "fieldId": {
              "type": "string",
              "format": "uuid"
            },
            "order": {
              "type": "integer",
              "format": "int32",
              "minimum": 0
            },
            "valueKind": {
              "$ref": "#/$defs/ValueKind"
            },
            "textValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 1000000
            },
            "boolValue": {
              "type": [
                "boolean",
                "null"
              ]
            },
            "mediaAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A Media value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "fileAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A File value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "childContentItemId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid"
            },
            "numberValue": {
              "type": [
                "number",
                "null"
              ],
              "description": "A Number value, stored exactly as a decimal: at most 15 significant digits (what every JSON reader keeps\nexactly), within the field's `min`, `max`, `integer` and `decimals` (422 naming the field otherwise). `-0` is\nstored as `0`.\n"
            },
            "dateValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 10,
              "description": "A Date value, a calendar date `YYYY-MM-DD` that exists (`2026-02-30` is refused with 422).",
              "examples": [
                "2026-12-24"
              ]
            },
            "dateTimeValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 40,
              "description": "A DateTime value, an RFC 3339 instant with its offset (`2026-12-24T18:00:00+01:00` or `…Z`); a time without an\noffset is refused (422), not guessed, and so are years outside 0001–9999 in UTC. Stored to the millisecond:\nfiner fractions (.NET writes seven digits) are truncated, not refused. Answered in UTC with `Z`.\n",
              "examples": [
                "2026-12-24T17:00:00Z"
              ]
            },
            "jsonValue": {
              "description": "Any JSON value (an object for Component values), at most 32 levels of nested arrays and objects (a scalar is 0,\n`{}` is 1) and at most 262,144 bytes (256 KiB) as compact UTF-8 JSON; a deeper or larger value is 422\n`validation-failed` naming `/fields/<index>/jsonValue`. The limits keep the deepest response within the 64\nlevels JSON readers such as System.Text.Json accept by default: a version detail with children expanded 8\nlevels is 3 + 3 × 8 + 32 = 59 levels deep, a publish response 60.\n"
            }
          }
        },
        "ContentSlug": {
          "type": "string",
          "description": "Lower-case letters and digits in words joined by a single `-` or `_`; unique among the workspace's live items.",
          "pattern": "^[a-z0-9]+([-_][a-z0-9]+)*$",
          "minLength": 1,
          "maxLength": 100
        },
        "CreateContentItemRequest": {
          "type": "object",
          "required": [
            "templateVersionId"
          ],
          "properties": {
            "templateVersionId": {
              "type": "string",
              "format": "uuid"
            },
            "slug": {
              "anyOf": [
                {
                  "$ref": "#/$defs/ContentSlug"
                },
                {
                  "type": "null"
                }
              ]
            },
            "localeCode": {
              "anyOf": [
                {
                  "$ref": "#/$defs/LocaleCode"
                },
                {
                  "type": "null"
                }
              ]
            },
            "translationGroupId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid"
            },
            "tags": {
              "type": "array",
              "maxItems": 100,
              "items": {
                "$ref": "#/$defs/TagName"
              }
            },
            "fields": {
              "$ref": "#/$defs/FieldValueList"
            }
          }
        },
        "FieldValueList": {
          "type": "array",
          "maxItems": 2000,
          "items": {
            "$ref": "#/$defs/ContentFieldValueRequest"
          }
        },
        "LocaleCode": {
          "type": "string",
          "description": "A free-form locale (BCP 47 intended), e.g. `en-GB`.",
          "minLength": 1,
          "maxLength": 20
        },
        "TagName": {
          "type": "string",
          "description": "Tags are trimmed and lower-cased; unknown tags are created on the fly.",
          "minLength": 1,
          "maxLength": 100
        },
        "ValueKind": {
          "type": "string",
          "description": "What a field value holds; the primitive types plus `ChildContent` (a composition field's child item) and `Component`\n(a structured component value). `Number`, `Date`, `DateTime` and `Json` are Verso's (see PrimitiveType).\n",
          "enum": [
            "Text",
            "RichText",
            "Markdown",
            "Boolean",
            "PickList",
            "Media",
            "File",
            "Link",
            "Quote",
            "Separator",
            "ChildContent",
            "Component",
            "Number",
            "Date",
            "DateTime",
            "Json"
          ]
        }
      }
    }
  },
  {
    "name": "createContentVersion",
    "description": "Create a new Draft version (optionally duplicating an existing one).\n\nThe Draft may be incomplete (required fields and minimum occurrences are checked on submit and publish). `duplicateFromVersionNumber` copies that version and sets `rolledBackFromVersionNumber`, as `POST …/rollback` does.",
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "expandChildren",
        "in": "query"
      }
    ],
    "hasBody": true,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "expandChildren": {
          "type": "boolean",
          "default": true,
          "description": "Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`."
        },
        "body": {
          "$ref": "#/$defs/CreateContentVersionRequest"
        }
      },
      "required": [
        "workspaceId",
        "id",
        "body"
      ],
      "additionalProperties": false,
      "$defs": {
        "ContentFieldValueRequest": {
          "type": "object",
          "description": "One value of one field of the version's template version. Repeated fields send one value per occurrence; values of\none field submitted with equal `order` are renumbered in the order they were sent. Which member carries the value\ndepends on `valueKind`: `textValue` (Text, RichText, Markdown, Link, Quote, and PickList option values),\n`boolValue` (Boolean), `mediaAssetId` (Media), `fileAssetId` (File), `childContentItemId` (ChildContent),\n`jsonValue` (Component values, an object keyed by the component's field keys; Json values; also Link and Quote),\n`numberValue` (Number), `dateValue` (Date) and `dateTimeValue` (DateTime). Inside a Component value the members\nof these types follow the same rules: a Number member is a JSON number, Date and DateTime members are strings (a\nDateTime kept in UTC as a DateTime value is), and a Json member is any JSON value, a list included (never split\ninto occurrences), checked against its `fieldConfig.schema`.\n",
          "required": [
            "fieldId",
            "order",
            "valueKind"
          ],
          "properties": {
            "fieldId": {
              "type": "string",
              "format": "uuid"
            },
            "order": {
              "type": "integer",
              "format": "int32",
              "minimum": 0
            },
            "valueKind": {
              "$ref": "#/$defs/ValueKind"
            },
            "textValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 1000000
            },
            "boolValue": {
              "type": [
                "boolean",
                "null"
              ]
            },
            "mediaAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A Media value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "fileAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A File value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "childContentItemId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid"
            },
            "numberValue": {
              "type": [
                "number",
                "null"
              ],
              "description": "A Number value, stored exactly as a decimal: at most 15 significant digits (what every JSON reader keeps\nexactly), within the field's `min`, `max`, `integer` and `decimals` (422 naming the field otherwise). `-0` is\nstored as `0`.\n"
            },
            "dateValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 10,
              "description": "A Date value, a calendar date `YYYY-MM-DD` that exists (`2026-02-30` is refused with 422).",
              "examples": [
                "2026-12-24"
              ]
            },
            "dateTimeValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 40,
              "description": "A DateTime value, an RFC 3339 instant with its offset (`2026-12-24T18:00:00+01:00` or `…Z`); a time without an\noffset is refused (422), not guessed, and so are years outside 0001–9999 in UTC. Stored to the millisecond:\nfiner fractions (.NET writes seven digits) are truncated, not refused. Answered in UTC with `Z`.\n",
              "examples": [
                "2026-12-24T17:00:00Z"
              ]
            },
            "jsonValue": {
              "description": "Any JSON value (an object for Component values), at most 32 levels of nested arrays and objects (a scalar is 0,\n`{}` is 1) and at most 262,144 bytes (256 KiB) as compact UTF-8 JSON; a deeper or larger value is 422\n`validation-failed` naming `/fields/<index>/jsonValue`. The limits keep the deepest response within the 64\nlevels JSON readers such as System.Text.Json accept by default: a version detail with children expanded 8\nlevels is 3 + 3 × 8 + 32 = 59 levels deep, a publish response 60.\n"
            }
          }
        },
        "CreateContentVersionRequest": {
          "type": "object",
          "description": "A new Draft. With `duplicateFromVersionNumber` it copies that version's values and template version (this is\n\"rollback\": duplicate, then publish) and records `rolledBackFromVersionNumber`; `fields`, when given, replace the\ncopied values. Otherwise the values are validated against the template version of the item's latest version. There\nis no template-version parameter: moving to a newer template version is `upgrade-template-version`.\n",
          "properties": {
            "effectiveStartAt": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "effectiveEndAt": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "duplicateFromVersionNumber": {
              "type": [
                "integer",
                "null"
              ],
              "format": "int32",
              "minimum": 1
            },
            "fields": {
              "anyOf": [
                {
                  "$ref": "#/$defs/FieldValueList"
                },
                {
                  "type": "null"
                }
              ]
            }
          }
        },
        "FieldValueList": {
          "type": "array",
          "maxItems": 2000,
          "items": {
            "$ref": "#/$defs/ContentFieldValueRequest"
          }
        },
        "ValueKind": {
          "type": "string",
          "description": "What a field value holds; the primitive types plus `ChildContent` (a composition field's child item) and `Component`\n(a structured component value). `Number`, `Date`, `DateTime` and `Json` are Verso's (see PrimitiveType).\n",
          "enum": [
            "Text",
            "RichText",
            "Markdown",
            "Boolean",
            "PickList",
            "Media",
            "File",
            "Link",
            "Quote",
            "Separator",
            "ChildContent",
            "Component",
            "Number",
            "Date",
            "DateTime",
            "Json"
          ]
        }
      }
    }
  },
  {
    "name": "updateContentVersion",
    "description": "Replace a Draft, Review or Approved version's values and window.\n\nClears any schedule. Needs the version ETag in `If-Match`; a Published or Archived version is 409. A Draft may be\nsaved incomplete. Verso, unlike upstream: changing the values, the window or the template version of a Review or\nApproved version sends it back to Draft (one `content.version_status_changed` event and audit entry), since its\napproval covered what was approved; the response then carries `returnedToDraftFrom`.",
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "versionNumber",
        "in": "path"
      },
      {
        "name": "expandChildren",
        "in": "query"
      },
      {
        "name": "If-Match",
        "in": "header"
      }
    ],
    "hasBody": true,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "versionNumber": {
          "type": "integer",
          "format": "int32",
          "minimum": 1
        },
        "expandChildren": {
          "type": "boolean",
          "default": true,
          "description": "Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`."
        },
        "If-Match": {
          "type": "string",
          "maxLength": 200,
          "description": "The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes."
        },
        "body": {
          "$ref": "#/$defs/UpdateContentVersionRequest"
        }
      },
      "required": [
        "workspaceId",
        "id",
        "versionNumber",
        "If-Match",
        "body"
      ],
      "additionalProperties": false,
      "$defs": {
        "ContentFieldValueRequest": {
          "type": "object",
          "description": "One value of one field of the version's template version. Repeated fields send one value per occurrence; values of\none field submitted with equal `order` are renumbered in the order they were sent. Which member carries the value\ndepends on `valueKind`: `textValue` (Text, RichText, Markdown, Link, Quote, and PickList option values),\n`boolValue` (Boolean), `mediaAssetId` (Media), `fileAssetId` (File), `childContentItemId` (ChildContent),\n`jsonValue` (Component values, an object keyed by the component's field keys; Json values; also Link and Quote),\n`numberValue` (Number), `dateValue` (Date) and `dateTimeValue` (DateTime). Inside a Component value the members\nof these types follow the same rules: a Number member is a JSON number, Date and DateTime members are strings (a\nDateTime kept in UTC as a DateTime value is), and a Json member is any JSON value, a list included (never split\ninto occurrences), checked against its `fieldConfig.schema`.\n",
          "required": [
            "fieldId",
            "order",
            "valueKind"
          ],
          "properties": {
            "fieldId": {
              "type": "string",
              "format": "uuid"
            },
            "order": {
              "type": "integer",
              "format": "int32",
              "minimum": 0
            },
            "valueKind": {
              "$ref": "#/$defs/ValueKind"
            },
            "textValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 1000000
            },
            "boolValue": {
              "type": [
                "boolean",
                "null"
              ]
            },
            "mediaAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A Media value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "fileAssetId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid",
              "description": "A File value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise)."
            },
            "childContentItemId": {
              "type": [
                "string",
                "null"
              ],
              "format": "uuid"
            },
            "numberValue": {
              "type": [
                "number",
                "null"
              ],
              "description": "A Number value, stored exactly as a decimal: at most 15 significant digits (what every JSON reader keeps\nexactly), within the field's `min`, `max`, `integer` and `decimals` (422 naming the field otherwise). `-0` is\nstored as `0`.\n"
            },
            "dateValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 10,
              "description": "A Date value, a calendar date `YYYY-MM-DD` that exists (`2026-02-30` is refused with 422).",
              "examples": [
                "2026-12-24"
              ]
            },
            "dateTimeValue": {
              "type": [
                "string",
                "null"
              ],
              "maxLength": 40,
              "description": "A DateTime value, an RFC 3339 instant with its offset (`2026-12-24T18:00:00+01:00` or `…Z`); a time without an\noffset is refused (422), not guessed, and so are years outside 0001–9999 in UTC. Stored to the millisecond:\nfiner fractions (.NET writes seven digits) are truncated, not refused. Answered in UTC with `Z`.\n",
              "examples": [
                "2026-12-24T17:00:00Z"
              ]
            },
            "jsonValue": {
              "description": "Any JSON value (an object for Component values), at most 32 levels of nested arrays and objects (a scalar is 0,\n`{}` is 1) and at most 262,144 bytes (256 KiB) as compact UTF-8 JSON; a deeper or larger value is 422\n`validation-failed` naming `/fields/<index>/jsonValue`. The limits keep the deepest response within the 64\nlevels JSON readers such as System.Text.Json accept by default: a version detail with children expanded 8\nlevels is 3 + 3 × 8 + 32 = 59 levels deep, a publish response 60.\n"
            }
          }
        },
        "FieldValueList": {
          "type": "array",
          "maxItems": 2000,
          "items": {
            "$ref": "#/$defs/ContentFieldValueRequest"
          }
        },
        "UpdateContentVersionRequest": {
          "type": "object",
          "description": "Replaces all field values (and the effective window); the template version cannot change here. Clears any schedule.",
          "required": [
            "fields"
          ],
          "properties": {
            "effectiveStartAt": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "effectiveEndAt": {
              "type": [
                "string",
                "null"
              ],
              "format": "date-time"
            },
            "fields": {
              "$ref": "#/$defs/FieldValueList"
            }
          }
        },
        "ValueKind": {
          "type": "string",
          "description": "What a field value holds; the primitive types plus `ChildContent` (a composition field's child item) and `Component`\n(a structured component value). `Number`, `Date`, `DateTime` and `Json` are Verso's (see PrimitiveType).\n",
          "enum": [
            "Text",
            "RichText",
            "Markdown",
            "Boolean",
            "PickList",
            "Media",
            "File",
            "Link",
            "Quote",
            "Separator",
            "ChildContent",
            "Component",
            "Number",
            "Date",
            "DateTime",
            "Json"
          ]
        }
      }
    }
  },
  {
    "name": "submitContentVersion",
    "description": "Submit a Draft for review (Draft → Review).\n\nEmits `content.version_status_changed`. The version must be complete: a required field or a minimum number of\noccurrences not met is 422 `validation-failed` naming every missing field as `/fields/<key>`, and nothing changes.\nA version that is not a Draft is 422 `invalid-state-transition` (no event, no audit entry).",
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      },
      {
        "name": "versionNumber",
        "in": "path"
      }
    ],
    "hasBody": false,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "versionNumber": {
          "type": "integer",
          "format": "int32",
          "minimum": 1
        }
      },
      "required": [
        "workspaceId",
        "id",
        "versionNumber"
      ],
      "additionalProperties": false
    }
  },
  {
    "name": "duplicateContent",
    "description": "Duplicate an item into a new item whose version 1 (Draft) holds the latest version's values.\n\nThe spec's duplication (Resources, translation group): the copy keeps locale, tags and the latest version's\ntemplate version and values, and gets a fresh translation group and a fresh slug — the one given, else\n`<slug>-copy`, `<slug>-copy-2`, … (the first free one; an item without a slug gives a copy without one).\nA given slug that is taken is 409. The copy is a Draft, so it may be incomplete. Emits `content.created`.\nOnce the workspace configures locales, a source whose locale is not one of them cannot be copied (422 at\n`/localeCode`).\nThe body is optional; a JSON `null` counts as none (generated clients send it for \"no body\").",
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/duplicate",
    "parameters": [
      {
        "name": "workspaceId",
        "in": "path"
      },
      {
        "name": "id",
        "in": "path"
      }
    ],
    "hasBody": true,
    "inputSchema": {
      "type": "object",
      "properties": {
        "workspaceId": {
          "type": "string",
          "format": "uuid"
        },
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "body": {
          "anyOf": [
            {
              "$ref": "#/$defs/DuplicateContentItemRequest"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "workspaceId",
        "id"
      ],
      "additionalProperties": false,
      "$defs": {
        "ContentSlug": {
          "type": "string",
          "description": "Lower-case letters and digits in words joined by a single `-` or `_`; unique among the workspace's live items.",
          "pattern": "^[a-z0-9]+([-_][a-z0-9]+)*$",
          "minLength": 1,
          "maxLength": 100
        },
        "DuplicateContentItemRequest": {
          "type": "object",
          "description": "The copy's slug; absent or null derives `<slug>-copy`, `<slug>-copy-2`, … from the item's.",
          "properties": {
            "slug": {
              "anyOf": [
                {
                  "$ref": "#/$defs/ContentSlug"
                },
                {
                  "type": "null"
                }
              ]
            }
          }
        }
      }
    }
  }
];
