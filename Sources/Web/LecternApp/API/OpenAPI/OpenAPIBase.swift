extension OpenAPIDocument {
    /// `info`, security schemes, and the parameters, responses and schemas every area shares.
    static let base = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Lectern API",
        "version": "1",
        "summary": "Lectures with searchable captions, automatically graded exercises, gradebooks.",
        "description": "Every path is described under /api/v1/ and also answers under /api/ without the version (the paths Lectern has always had). Within version 1 nothing is removed or renamed and no response field changes type: new fields, new optional parameters and new routes may appear, so clients must ignore fields they do not know. Errors are RFC 9457 problems (application/problem+json). Lists that grow are paged with an opaque cursor: follow the next link (the Link header, and next in object answers) until there is none. See docs/api.md."
      },
      "servers": [{"url": "/"}],
      "tags": [
        {"name": "lectures", "description": "Public course, lecture and caption search data: no sign-in, cacheable, open to the origins in --cors-origins."},
        {"name": "accounts", "description": "Bearer sessions and the signed-in user."},
        {"name": "coursework", "description": "Exercises and submissions."},
        {"name": "gradebook", "description": "Instructors: gradebooks, regrades, policies, rosters and the audit log."},
        {"name": "lecture admin", "description": "Instructors: lecture imports and caption corrections."},
        {"name": "exercise authoring", "description": "Instructors: exercises as data, drafts, versions, publishing and the library."},
        {"name": "class tools", "description": "Instructors: settings, accommodations, analytics, regrade requests, similarity, LMS exports."},
        {"name": "meta", "description": "The service and this description."}
      ],
      "components": {
        "securitySchemes": {
          "bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "A bearer session token from POST /api/v1/session (may do everything its user may), or a personal API token made on /account, limited to its scopes: read (every GET), submit (submitting and verifying one's own work), staff (every other change, for courses one teaches)."
          },
          "session": {
            "type": "apiKey",
            "in": "cookie",
            "name": "lectern_session",
            "description": "The browser session of the web pages. A state-changing call made with it must also send the session's CSRF token in the X-CSRF-Token header."
          }
        },
        "parameters": {
          "course": {"name": "course", "in": "path", "required": true, "description": "The course's slug.", "schema": {"type": "string", "maxLength": 64}, "example": "cs193p"},
          "lectureNumber": {"name": "number", "in": "path", "required": true, "description": "The lecture's number in its course.", "schema": {"type": "integer"}, "example": 9},
          "exerciseSlug": {"name": "slug", "in": "path", "required": true, "description": "The exercise's slug.", "schema": {"type": "string", "maxLength": 64}, "example": "corners"},
          "id": {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}, "example": 1},
          "cursor": {"name": "cursor", "in": "query", "description": "Where the page starts: the cursor of a previous answer's next link, as it is. Omit it for the first page.", "schema": {"type": "string", "maxLength": 512}},
          "ifNoneMatch": {"name": "If-None-Match", "in": "header", "description": "The ETag of a copy the client has: 304 without a body when it is still current.", "schema": {"type": "string", "maxLength": 200}}
        },
        "headers": {
          "ETag": {"description": "A strong validator of the answer's content.", "schema": {"type": "string"}},
          "CacheControl": {"description": "What a client or proxy may keep: public data is cacheable for a minute; everything personal is private, no-store.", "schema": {"type": "string"}},
          "Link": {"description": "The next page: <URL>; rel=\"next\". Absent on the last page.", "schema": {"type": "string"}},
          "RateLimit": {"description": "IETF draft ratelimit-headers: what is left of the quota, e.g. \"search\";r=39;t=1 (r: requests left, t: seconds until the quota is whole again).", "schema": {"type": "string"}},
          "RateLimitPolicy": {"description": "IETF draft ratelimit-headers: the quota, e.g. \"search\";q=40;w=2 (q requests per w seconds).", "schema": {"type": "string"}},
          "RetryAfter": {"description": "Seconds to wait before trying again.", "schema": {"type": "string"}},
          "Location": {"description": "Where the created or changed resource is.", "schema": {"type": "string"}}
        },
        "responses": {
          "NotModified": {"description": "The client's copy (If-None-Match) is current.", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}},
          "BadRequest": {"description": "A malformed parameter or body; errors names the field (and line and column in a text).", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "Unauthorized": {"description": "No credential, or one that is unknown, expired or revoked.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "Forbidden": {"description": "Signed in, but not allowed: a token without the scope, a session call without its CSRF token, or a role that may not.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "NotFound": {"description": "No such resource, or one the caller may not know exists.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "Conflict": {"description": "The resource is not in a state that allows this.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "ContentTooLarge": {"description": "The body is larger than the route takes.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "UnsupportedMediaType": {"description": "The body's Content-Type is not one the route reads.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "Unprocessable": {"description": "Well-formed, but a value is refused; errors names the field (and line and column in a text).", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "TooManyRequests": {"description": "Too many requests: wait Retry-After seconds.", "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}}, "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "ServiceUnavailable": {"description": "The server is busy (grading queue, body memory, worker threads): try again after Retry-After seconds.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        },
        "schemas": {
          "Problem": {
            "type": "object",
            "description": "An RFC 9457 problem. type is about:blank: the status says what kind of problem it is; code is a stable machine-readable name.",
            "required": ["type", "title", "status", "detail"],
            "properties": {
              "type": {"type": "string", "format": "uri-reference"},
              "title": {"type": "string"},
              "status": {"type": "integer", "minimum": 400, "maximum": 599},
              "detail": {"type": "string"},
              "code": {"type": "string"},
              "errors": {"type": "array", "items": {"$ref": "#/components/schemas/FieldError"}}
            },
            "example": {"type": "about:blank", "title": "Unprocessable Content", "status": 422, "detail": "slug: must be lowercase letters, digits and dashes", "code": "invalid_slug", "errors": [{"field": "slug", "message": "must be lowercase letters, digits and dashes"}]}
          },
          "FieldError": {
            "type": "object",
            "required": ["message"],
            "properties": {
              "field": {"type": "string", "description": "A query or path parameter, a form field, or a JSON path such as $.dueAt."},
              "line": {"type": "integer", "minimum": 1},
              "column": {"type": "integer", "minimum": 1},
              "message": {"type": "string"}
            }
          },
          "User": {
            "type": "object",
            "required": ["id", "username", "displayName", "isAdmin"],
            "properties": {
              "id": {"type": "integer"},
              "username": {"type": "string"},
              "displayName": {"type": "string"},
              "isAdmin": {"type": "boolean"}
            }
          }
        }
      }
    }
    """#
}
